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
export const pdfThreadSettings = { idleMs: 30_000 };

let current: Thread | undefined;
let nextId = 0;

/** Every document waiting on this thread fails with it; the next document starts a new thread. */
function fail(thread: Thread, error: Error): void {
  if (current === thread) current = undefined;
  for (const p of thread.pending.values()) p.reject(error);
  thread.pending.clear();
  void thread.worker.terminate();
}

/** Whether a PDF thread is running now (the idle test asks). */
export const pdfThreadRunning = (): boolean => current !== undefined;

/** Ends a thread that is still idle; the next document starts a new one. */
function endIdle(t: Thread): void {
  if (t.pending.size > 0) return;
  if (current === t) current = undefined;
  void t.worker.terminate();
}

function thread(): Thread {
  if (current) return current;
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
  current = t;
  return t;
}

/**
 * A PDF laid out on a worker thread. Layout is pure CPU, a few hundred milliseconds a
 * statement; on the event loop it would hold up every other request that long, and a year's statements
 * for every investor would stall the server for minutes. One thread: documents queue there in order,
 * and the server's own thread stays free to answer.
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
