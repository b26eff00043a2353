/**
 * A bank statement of 10,000 lines for one property of the seeded books, as the admin imports it
 * (docs/performance.md, issue 30): the preview of the OFX file (target ≤ 5 s), the commit of every line
 * (target ≤ 30 s), then its undo, which voids what it recorded so the books stay as seeded for the next
 * run. Meanwhile a bare request is timed now and then, as beside the statements zip: an import must not
 * stall the server. Each run's bank ids are new (the run's time in them), so a database the bench ran on
 * before still finds the lines new.
 */
import { probeHealthz } from './healthz-probe.js';
import { postJson } from './post-json.js';
import { DATE_FIELD, formFieldsOf } from '../src/contract/bank-line-entry.js';
import { ofxStatement, type StatementLineSpec } from '../tests/support/bank-statements.js';
import { prng } from '../tests/support/prng.js';

export type BankImportRun = {
  lines: number;
  previewSeconds: number;
  commitSeconds: number;
  undoSeconds: number;
  /** The preview's statuses: on seeded books the lines are new, a few possibly duplicates of seeded entries. */
  counts: Record<string, number>;
  taken: number;
  waitP50: number;
  waitMax: number;
};

export const BANK_IMPORT_LINES = 10_000;
export const BANK_IMPORT_TARGETS = { previewSeconds: 5, commitSeconds: 30 };

type Choice = { kind: 'property_income' | 'property_expense'; category: string };
type BenchLine = StatementLineSpec & Choice;

const EXPENSES = ['Repairs', 'Utilities', 'Insurance', 'Cleaning and maintenance'];
const PAYEES = ['CITY WATER', 'ACME PLUMBING', 'STATE FARM', 'BRIGHT CLEANERS', 'HOME DEPOT #4411', 'ROOF & GUTTER CO'];

/**
 * `count` lines spread over the first ten months of `year` (at the large tier the seeded books end in
 * 2025): one in five a rent received, the rest expenses with odd cents, in date order.
 */
export function benchStatementLines(count: number, year: number, runTag: string, seed = 7): BenchLine[] {
  const rng = prng(seed);
  const pad = (n: number) => String(n).padStart(2, '0');
  const lines = Array.from({ length: count }, (_, k): BenchLine => {
    const date = `${year}-${pad(1 + Math.floor((k * 10) / count))}-${pad(rng.int(1, 28))}`;
    const fitid = `${runTag}-${k + 1}`;
    if (k % 5 === 0) return { date, amountCents: rng.int(900, 3_000) * 100, payee: `TENANT ${rng.int(1, 40)} RENT`, fitid, kind: 'property_income', category: 'Rent' };
    return { date, amountCents: -rng.int(500, 250_000), payee: rng.pick(PAYEES), memo: `Invoice ${rng.int(1000, 9999)}`, fitid,
      kind: 'property_expense', category: rng.pick(EXPENSES) };
  });
  return lines.sort((a, b) => a.date.localeCompare(b.date));
}

export async function measureBankImport(
  base: string,
  token: string,
  where: { llcName: string; propertyName: string; year: number },
  count = BANK_IMPORT_LINES,
  log: (line: string) => void = () => {},
): Promise<BankImportRun> {
  const runTag = `bench${Date.now()}`;
  const lines = benchStatementLines(count, where.year, runTag);
  const ofx = ofxStatement({ bankId: '011000138', acctId: '77001234', lines, version: 1 });
  const byFitid = new Map(lines.map((l) => [l.fitid, l]));
  const auth = { authorization: `Bearer ${token}` };

  const probe = probeHealthz(base);

  try {
    const form = new FormData();
    form.append('llc_name', where.llcName);
    form.append('file', new Blob([ofx], { type: 'application/octet-stream' }), `${runTag}.ofx`);
    const multipart = new Response(form);
    const upload = Buffer.from(await multipart.arrayBuffer());
    let started = performance.now();
    const preview = await postJson<{ import_id: number; counts: Record<string, number>; lines: { line: number; reference: string | null }[] }>(
      `${base}/admin/bank_import_preview`, { ...auth, 'content-type': multipart.headers.get('content-type')! }, upload, 'preview');
    const previewSeconds = (performance.now() - started) / 1000;
    log(`preview ${previewSeconds.toFixed(2)} s`);

    // Every line, as the preview screen sends them after "accept all": its form's fields (formFieldsOf),
    // less the date and amount, which the server takes from the bank line: 10,000 whole forms hold more
    // fields and list items than the request bound allows a 6 MB body (plugins/text-guard.ts).
    const commitLines = preview.lines.map((p) => {
      const l = byFitid.get(p.reference ?? '');
      if (!l) throw new Error(`line ${p.line} of the preview has no bank id of this file: ${p.reference}`);
      const fields = formFieldsOf({ date: l.date, amountCents: l.amountCents, payee: l.payee },
        { kind: l.kind, llc_name: where.llcName, property_name: where.propertyName, category: l.category, description: l.payee });
      delete fields[DATE_FIELD[l.kind]];
      delete fields.amount;
      return { line: p.line, kind: l.kind, ...fields };
    });
    const json = { ...auth, 'content-type': 'application/json' };
    started = performance.now();
    const committed = await postJson<{ taken: number }>(
      `${base}/admin/bank_import_commit`, json, Buffer.from(JSON.stringify({ import_id: preview.import_id, lines: commitLines })), 'commit');
    const commitSeconds = (performance.now() - started) / 1000;
    log(`commit ${commitSeconds.toFixed(2)} s`);

    started = performance.now();
    await postJson(`${base}/admin/bank_import_undo`, json, Buffer.from(JSON.stringify({ import_id: preview.import_id })), 'undo');
    const undoSeconds = (performance.now() - started) / 1000;
    log(`undo ${undoSeconds.toFixed(2)} s`);

    return { lines: count, previewSeconds, commitSeconds, undoSeconds, counts: preview.counts, taken: committed.taken, ...(await probe.stop()) };
  } finally {
    await probe.stop();
  }
}

/** The run in words, with each figure against its target. */
export function bankImportSentence(run: BankImportRun): string {
  const against = (seconds: number, target: number) => `${seconds.toFixed(2)} s (target ≤ ${target} s, ${((seconds / target) * 100).toFixed(0)} % of it)`;
  const counts = Object.entries(run.counts).filter(([, n]) => n > 0).map(([status, n]) => `${n.toLocaleString('en-US')} ${status.replace(/_/g, ' ')}`).join(', ');
  return `preview of ${run.lines.toLocaleString('en-US')} OFX lines ${against(run.previewSeconds, BANK_IMPORT_TARGETS.previewSeconds)} (${counts}); ` +
    `commit of ${run.taken.toLocaleString('en-US')} lines ${against(run.commitSeconds, BANK_IMPORT_TARGETS.commitSeconds)}; undo ${run.undoSeconds.toFixed(2)} s; ` +
    `a bare request meanwhile waited ${run.waitP50.toFixed(0)} ms (median), ${run.waitMax.toFixed(0)} ms at most.`;
}
