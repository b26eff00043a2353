import { isRoutingNumber } from '../../../contract/values/routing-number.js';
import {
  ADDENDA, BATCH_CONTROL, BATCH_HEADER, BLOCKING_FACTOR, ENTRY_DETAIL, FILE_CONTROL, FILE_HEADER, FILLER, RECORD_LENGTH,
  cutRecord, type RecordValues,
} from './nacha-layout.js';

export type NachaEntryRecord = RecordValues<typeof ENTRY_DETAIL> & { amountCents: number; credit: boolean; addenda: RecordValues<typeof ADDENDA>[] };
export type NachaBatch = {
  header: RecordValues<typeof BATCH_HEADER>;
  entries: NachaEntryRecord[];
  control: RecordValues<typeof BATCH_CONTROL>;
};
export type NachaRead = {
  header: RecordValues<typeof FILE_HEADER>;
  batches: NachaBatch[];
  control: RecordValues<typeof FILE_CONTROL>;
  /** Every record, filler included: a multiple of ten in a well-blocked file. */
  recordCount: number;
};

export class NachaFormatError extends Error {}

const HASH_MODULUS = 10_000_000_000;
/** A transaction code ending 0–4 moves money to the receiver (a credit), 5–9 takes it (a debit). */
const isCredit = (transactionCode: string) => Number(transactionCode[1]) <= 4;

function fail(line: number, message: string): never {
  throw new NachaFormatError(`Record ${line}: ${message}`);
}

function same(line: number, what: string, found: string | number, expected: string | number): void {
  if (Number(found) !== Number(expected)) fail(line, `${what} is ${found}, but the records add up to ${expected}`);
}

/**
 * Reads a NACHA file back into its records and checks it as a bank's system would before taking it:
 * every record 94 characters, records in their order (file header, batches of header, entries and
 * control, file control, filler), each batch's count, entry hash and totals, the file's the same over
 * its batches, check digits, and blocking to ten records. Throws NachaFormatError naming the record.
 */
export function readNacha(text: string): NachaRead {
  const lines = text.replace(/\r\n/g, '\n').replace(/\n+$/, '').split('\n');
  lines.forEach((l, i) => {
    if (l.length !== RECORD_LENGTH) fail(i + 1, `is ${l.length} characters, not ${RECORD_LENGTH}`);
    if (!/^[\x20-\x7e]*$/.test(l)) fail(i + 1, 'holds a character that is not plain ASCII');
  });
  let at = 0;
  const next = () => lines[at++];
  const typeOf = (i: number) => lines[i]?.[0];

  if (typeOf(0) !== '1') fail(1, 'the file does not start with a file header (record type 1)');
  const header = cutRecord(FILE_HEADER, next()!);
  if (header.recordSize !== '094') fail(1, `the record size is ${header.recordSize}, not 094`);
  if (header.blockingFactor !== '10') fail(1, `the blocking factor is ${header.blockingFactor}, not 10`);

  const batches: NachaBatch[] = [];
  while (typeOf(at) === '5') {
    const headerLine = at + 1;
    const batchHeader = cutRecord(BATCH_HEADER, next()!);
    const entries: NachaEntryRecord[] = [];
    let addendaCount = 0;
    while (typeOf(at) === '6') {
      const line = at + 1;
      const entry = cutRecord(ENTRY_DETAIL, next()!);
      if (!/^\d+$/.test(entry.amount)) fail(line, 'the amount is not digits');
      if (!isRoutingNumber(entry.rdfi + entry.checkDigit)) fail(line, `the receiving bank ${entry.rdfi}${entry.checkDigit} fails the routing number check`);
      const addenda: RecordValues<typeof ADDENDA>[] = [];
      while (typeOf(at) === '7') addenda.push(cutRecord(ADDENDA, next()!));
      addendaCount += addenda.length;
      entries.push({ ...entry, amountCents: Number(entry.amount), credit: isCredit(entry.transactionCode), addenda });
    }
    if (typeOf(at) !== '8') fail(at + 1, `the batch that starts at record ${headerLine} has no batch control (record type 8) after its entries`);
    const line = at + 1;
    const control = cutRecord(BATCH_CONTROL, next()!);
    const sums = totals(entries);
    same(line, 'the batch control\'s entry and addenda count', control.entryCount, entries.length + addendaCount);
    same(line, 'the batch control\'s entry hash', control.entryHash, sums.hash);
    same(line, 'the batch control\'s total debit', control.totalDebit, sums.debit);
    same(line, 'the batch control\'s total credit', control.totalCredit, sums.credit);
    if (control.serviceClass !== batchHeader.serviceClass) fail(line, 'the batch control\'s service class differs from its header\'s');
    if (control.batchNumber !== batchHeader.batchNumber) fail(line, 'the batch control\'s batch number differs from its header\'s');
    batches.push({ header: batchHeader, entries, control });
  }

  if (typeOf(at) !== '9' || lines[at] === FILLER) fail(at + 1, 'expected a batch header (5) or the file control (9)');
  const line = at + 1;
  const control = cutRecord(FILE_CONTROL, next()!);
  while (at < lines.length) {
    if (lines[at] !== FILLER) fail(at + 1, 'only filler records of nines may follow the file control');
    at++;
  }
  const all = batches.flatMap((b) => b.entries);
  const sums = totals(all);
  same(line, 'the file control\'s batch count', control.batchCount, batches.length);
  same(line, 'the file control\'s entry and addenda count', control.entryCount, batches.reduce((n, b) => n + Number(b.control.entryCount), 0));
  same(line, 'the file control\'s entry hash', control.entryHash, sums.hash);
  same(line, 'the file control\'s total debit', control.totalDebit, sums.debit);
  same(line, 'the file control\'s total credit', control.totalCredit, sums.credit);
  if (lines.length % BLOCKING_FACTOR !== 0) fail(lines.length, `the file has ${lines.length} records, not a multiple of ${BLOCKING_FACTOR}`);
  same(line, 'the file control\'s block count', control.blockCount, lines.length / BLOCKING_FACTOR);
  return { header, batches, control, recordCount: lines.length };
}

function totals(entries: NachaEntryRecord[]) {
  let hash = 0;
  let debit = 0;
  let credit = 0;
  for (const e of entries) {
    hash += Number(e.rdfi);
    if (e.credit) credit += e.amountCents;
    else debit += e.amountCents;
  }
  return { hash: hash % HASH_MODULUS, debit, credit };
}
