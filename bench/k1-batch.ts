/**
 * A K-1 for every investor of the seeded books, uploaded as the admin does at tax time (issue 32, item 4):
 * one zip per LLC (a batch is an LLC's K-1s of a tax year), each investor's K-1 in the batch of the first
 * LLC whose members list them, so every investor gets exactly one (2,000 at the large tier). Timed from the
 * first upload's start until the last is answered, which is when every PDF is matched (the upload reads
 * each PDF's text and matches it before it answers; target ≤ 120 s for all of them, the uploads'
 * time alone, not the bench making the PDFs). Meanwhile the server's resident memory is read every
 * 100 ms, so the report says whether it stayed flat: a batch is read one PDF at a time and must not grow
 * the server with its size. Then every batch is discarded (never published), which forgets its files, so
 * no investor is told of a K-1 and the next run finds the books as seeded.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import { ZipFile } from 'yazl';
import { postJson } from './post-json.js';
import { probeHealthz } from './healthz-probe.js';

export type K1BatchRun = {
  pdfs: number;
  batches: number;
  /** PDFs matched to the investor whose K-1 they are; the rest matched no one, someone else, or several. */
  matched: number;
  megabytes: number;
  uploadSeconds: number;
  discardSeconds: number;
  /** The server's resident memory (MB) just before the first upload, after the first batch, at most while uploading, and at the end. */
  rssBeforeMb: number;
  rssAfterFirstMb: number;
  rssPeakMb: number;
  rssEndMb: number;
  waitP50: number;
  waitMax: number;
};

export const K1_BATCH_TARGETS = { uploadSeconds: 120 };

/**
 * Bytes each PDF carries besides its text (an attached file of random bytes, which no compression
 * shrinks): a tax preparer's K-1 with its fonts and form is some 250 KB (MAX_K1_BATCH_BYTES is sized on
 * that), so memory that grew with the files would show.
 */
export const K1_PDF_FILLER_BYTES = 240 * 1024;

/** A K-1 as a PDF with real text (pdfkit, as tests/integration/k1-batches.test.ts makes them), naming its partner. */
async function k1Pdf(investor: string, llc: string, taxYear: number, filler: Buffer): Promise<Buffer> {
  // Streams left uncompressed: the filler would not shrink, and deflating it is the bench's time, not the server's.
  const doc = new PDFDocument({ size: 'LETTER', compress: false });
  const out = buffer(doc);
  doc.fontSize(12);
  for (const line of [`Schedule K-1 (Form 1065) ${taxYear}`, `Partnership: ${llc}`, `Partner: ${investor}`, 'Part III: Partner\'s Share of Current Year Income']) doc.text(line);
  doc.file(filler, { name: 'worksheets.bin', type: 'application/octet-stream' });
  doc.end();
  return out;
}

/** The PDFs as one zip, stored rather than deflated (PDFs barely shrink; a preparer's export often stores them). */
async function zipOf(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name, { compress: false });
  zip.end();
  return buffer(zip.outputStream);
}

/** The server's resident memory now, in MB (VmRSS: what it holds now, unlike the lifetime peak VmHWM). */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

type Batch = { batch_id: number; files: { file: string; investor_name: string | null }[] };

/**
 * `llcNames`: the LLCs in the order investors are placed in them; `taxYear`: a year by whose end every
 * investor is a member (the last seeded one). `pid`: the server's, to read its memory.
 */
export async function measureK1Batch(
  base: string,
  token: string,
  pid: number,
  where: { llcNames: string[]; taxYear: number },
  log: (line: string) => void = () => {},
): Promise<K1BatchRun> {
  const auth = { authorization: `Bearer ${token}` };
  // Each LLC's members of the year, as the K-1 status page lists them; each investor placed once.
  const placed = new Set<string>();
  const plan: { llc: string; investors: string[] }[] = [];
  for (const llc of where.llcNames) {
    const res = await fetch(`${base}/admin/k1_status?llc_name=${encodeURIComponent(llc)}&tax_year=${where.taxYear}`, { headers: auth });
    if (res.status !== 200) throw new Error(`K-1 status of ${llc}: ${res.status} ${await res.text()}`);
    const { members } = (await res.json()) as { members: { investor_name: string }[] };
    const investors = members.map((m) => m.investor_name).filter((name) => !placed.has(name));
    for (const name of investors) placed.add(name);
    if (investors.length > 0) plan.push({ llc, investors });
  }

  const samples: number[] = [];
  const rssBeforeMb = rssMb(pid);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      samples.push(rssMb(pid));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const probe = probeHealthz(base);
  const batches: number[] = [];
  try {
    let uploadMs = 0;
    let bytes = 0;
    let matched = 0;
    let rssAfterFirstMb = NaN;
    for (const { llc, investors } of plan) {
      // Made before the upload's clock starts: the bench's work, not the server's. Each filler differs, as real files do.
      const pdfs = [];
      for (const [k, investor] of investors.entries()) {
        pdfs.push({ name: `k1-${where.taxYear}-${String(k + 1).padStart(4, '0')}.pdf`, data: await k1Pdf(investor, llc, where.taxYear, randomBytes(K1_PDF_FILLER_BYTES)) });
      }
      const form = new FormData();
      form.append('llc_name', llc);
      form.append('tax_year', String(where.taxYear));
      form.append('files', new Blob([new Uint8Array(await zipOf(pdfs))], { type: 'application/zip' }), `k1s-${where.taxYear}.zip`);
      const multipart = new Response(form);
      const upload = Buffer.from(await multipart.arrayBuffer());
      bytes += upload.length;
      const started = performance.now();
      const batch = await postJson<Batch>(`${base}/admin/upload_k1_batch`, { ...auth, 'content-type': multipart.headers.get('content-type')! }, upload, `K-1s of ${llc}`);
      uploadMs += performance.now() - started;
      batches.push(batch.batch_id);
      const intended = new Map(pdfs.map((p, k) => [p.name, investors[k]!]));
      matched += batch.files.filter((f) => f.investor_name !== null && f.investor_name === intended.get(f.file)).length;
      if (batches.length === 1) rssAfterFirstMb = rssMb(pid);
      log(`${llc}: ${investors.length} K-1s, ${(upload.length / 2 ** 20).toFixed(1)} MB, in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    }
    const rssPeakMb = Math.max(rssBeforeMb, ...samples);

    const started = performance.now();
    for (const id of batches.splice(0)) {
      await postJson(`${base}/admin/discard_k1_batch`, { ...auth, 'content-type': 'application/json' }, Buffer.from(JSON.stringify({ batch_id: id })), `discard of K-1 batch ${id}`);
    }
    const discardSeconds = (performance.now() - started) / 1000;
    return {
      pdfs: placed.size, batches: plan.length, matched, megabytes: bytes / 2 ** 20, uploadSeconds: uploadMs / 1000, discardSeconds,
      rssBeforeMb, rssAfterFirstMb, rssPeakMb, rssEndMb: rssMb(pid), ...(await probe.stop()),
    };
  } finally {
    sampling = false;
    await sampler;
    await probe.stop();
    // A failed run still leaves no draft behind (each one's files would stay stored).
    for (const id of batches) {
      await postJson(`${base}/admin/discard_k1_batch`, { ...auth, 'content-type': 'application/json' }, Buffer.from(JSON.stringify({ batch_id: id })), 'discard').catch(() => {});
    }
  }
}

/** The run in words, with the time against its target and whether the server's memory stayed flat. */
export function k1BatchSentence(run: K1BatchRun): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const mb = (x: number) => `${x.toFixed(0)} MB`;
  // Flat: after the first batch (which loads the PDF reader once), the later ones add less than a tenth.
  const grew = run.rssPeakMb - Math.max(run.rssBeforeMb, run.rssAfterFirstMb);
  const flat = grew <= Math.max(run.rssBeforeMb, run.rssAfterFirstMb) * 0.1;
  return `${n(run.pdfs)} K-1 PDFs in ${n(run.batches)} batches (one zip an LLC, ${run.megabytes.toFixed(0)} MB) uploaded and matched in ${run.uploadSeconds.toFixed(2)} s ` +
    `(target ≤ ${K1_BATCH_TARGETS.uploadSeconds} s, ${((run.uploadSeconds / K1_BATCH_TARGETS.uploadSeconds) * 100).toFixed(0)} % of it), ` +
    `${n(run.matched)} matched to their investor${run.matched === run.pdfs ? '' : ` (${n(run.pdfs - run.matched)} not)`}; ` +
    `server memory ${mb(run.rssBeforeMb)} before, ${mb(run.rssAfterFirstMb)} after the first batch, ${mb(run.rssPeakMb)} at most while uploading, ${mb(run.rssEndMb)} at the end ` +
    `(${flat ? 'flat' : 'not flat'}: ${grew >= 0 ? '+' : ''}${mb(grew)} after the first batch); discarded in ${run.discardSeconds.toFixed(2)} s; ` +
    `a bare request meanwhile waited ${run.waitP50.toFixed(0)} ms (median), ${run.waitMax.toFixed(0)} ms at most.`;
}
