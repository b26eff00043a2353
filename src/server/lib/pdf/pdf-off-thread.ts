import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { projectPath } from '../project-files.js';
import type { PdfDocumentSpec } from './pdf-document.js';

type Pending = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void };
type Thread = { worker: Worker; pending: Map<number, Pending>; idle?: NodeJS.Timeout };

/** A layout that takes longer than this has hung: the thread is replaced, and its documents fail. */
const LAYOUT_TIMEOUT_MS = 120_000;
/**
 * A thread with nothing to lay out for this long ends: it holds its own JavaScript heap, the PDF
 * library and the fonts (some 50 MB), and statements come in bursts, at a quarter's end.
 */
export const pdfThreadSettings = { idleMs: 30_000, threads: pdfThreadsFor(availableParallelism()) };

/**
 * How many threads lay out PDFs at once: one per core, at most four (each holds some 50 MB while it
 * runs). Layout is the slow part of a batch of statements (the figures come from kept snapshots): with
 * a thread per core, a year's statements use the machine, and the server's own thread, which only
 * hands documents over, stays free to answer (docs/performance.md "Statements").
 */
export function pdfThreadsFor(cores: number): number {
  return Math.max(1, Math.min(4, cores));
}

const pool: Thread[] = [];
let nextId = 0;

const leave = (t: Thread) => {
  const at = pool.indexOf(t);
  if (at >= 0) pool.splice(at, 1);
};

/** Every document waiting on this thread fails with it; the next document starts a new thread. */
function fail(thread: Thread, error: Error): void {
  leave(thread);
  for (const p of thread.pending.values()) p.reject(error);
  thread.pending.clear();
  void thread.worker.terminate();
}

/** How many PDF threads are running now (the idle test asks). */
export const pdfThreadsRunning = (): number => pool.length;

/** Ends a thread that is still idle; the next document starts a new one. */
function endIdle(t: Thread): void {
  if (t.pending.size > 0) return;
  leave(t);
  void t.worker.terminate();
}

/** The thread with the fewest documents waiting, or a new one while the pool has room and all are busy. */
function thread(): Thread {
  const least = pool.reduce<Thread | undefined>((best, t) => (!best || t.pending.size < best.pending.size ? t : best), undefined);
  if (least && (least.pending.size === 0 || pool.length >= pdfThreadSettings.threads)) return least;
  // A small heap: V8 lets a heap grow towards its limit before it collects, and at 512 MB a year's
  // statements at the large tier took the server to ~590 MB (~500 MB at 96, ~330 MB with the server's own
  // heap limited). The largest document, a 40-property LLC's tax report, lays out within 64 MB.
  const worker = new Worker(projectPath('src/server/lib/pdf/pdf-thread.mjs'), { resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 4 } });
  const t: Thread = { worker, pending: new Map() };
  // The thread never keeps the process alive: a server that stops, stops.
  worker.unref();
  worker.on('message', ({ id, pdf, error }: { id: number; pdf?: Uint8Array; error?: string }) => {
    const p = t.pending.get(id);
    t.pending.delete(id);
    if (!p) return;
    if (pdf) p.resolve(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    else p.reject(new Error(error ?? 'The PDF could not be made.'));
  });
  worker.on('error', (error) => fail(t, error));
  worker.on('exit', (code) => fail(t, new Error(`The PDF thread stopped (${code}).`)));
  pool.push(t);
  return t;
}

/**
 * A PDF laid out on a worker thread. Layout is pure CPU, a few hundred milliseconds a
 * statement; on the event loop it would hold up every other request that long, and a year's statements
 * for every investor would stall the server for minutes. Documents go to the least busy thread of the
 * pool (pdfThreadSettings.threads), and the server's own thread stays free to answer.
 */
export function renderPdfOffThread(spec: PdfDocumentSpec): Promise<Buffer> {
  const id = nextId++;
  const t = thread();
  return new Promise<Buffer>((resolve, reject) => {
    const timer = setTimeout(() => fail(t, new Error('Making the PDF took too long.')), LAYOUT_TIMEOUT_MS);
    timer.unref();
    clearTimeout(t.idle);
    const settle = <A>(fn: (a: A) => void) => (a: A) => {
      clearTimeout(timer);
      fn(a);
      if (t.pending.size === 0) t.idle = setTimeout(() => endIdle(t), pdfThreadSettings.idleMs).unref();
    };
    t.pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
    try {
      t.worker.postMessage({ id, spec });
    } catch (err) {
      // A document that cannot be sent to the thread (not cloneable) fails alone.
      t.pending.delete(id);
      settle(reject)(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
