/**
 * The NACHA record layouts, one table per record type, from the published NACHA Operating Rules file
 * format: every record is 94 characters, fields at fixed positions. The writer lays records out with
 * these tables and the reader cuts them with the same ones, so a position is written down once; the
 * tests hold both to a published sample file, which was written by other software.
 *
 * Kinds: N numeric (right-justified, zero-padded), A alphanumeric (left-justified, space-padded),
 * B a routing number preceded by a blank (the file header's immediate destination and origin).
 */
export const RECORD_LENGTH = 94;
export const BLOCKING_FACTOR = 10;
/** The filler records that complete the last block of ten. */
export const FILLER = '9'.repeat(RECORD_LENGTH);

type Kind = 'N' | 'A' | 'B';
type FieldSpec = readonly [name: string, length: number, kind: Kind];
export type LayoutField<Name extends string = string> = { name: Name; start: number; length: number; kind: Kind };
export type Layout<Name extends string = string> = { recordType: string; fields: LayoutField<Name>[] };
export type RecordValues<L extends Layout> = Record<L['fields'][number]['name'], string>;

function layout<const F extends readonly FieldSpec[]>(recordType: string, specs: F): Layout<F[number][0]> {
  let start = 1; // positions are counted from 1, as the format's documents count them
  const fields = specs.map(([name, length, kind]) => {
    const field = { name, start, length, kind };
    start += length;
    return field;
  });
  if (start - 1 !== RECORD_LENGTH) throw new Error(`NACHA layout ${recordType} is ${start - 1} characters, not ${RECORD_LENGTH}`);
  return { recordType, fields };
}

export const FILE_HEADER = layout('1', [
  ['recordType', 1, 'N'], ['priorityCode', 2, 'N'], ['immediateDestination', 10, 'B'], ['immediateOrigin', 10, 'B'],
  ['creationDate', 6, 'N'], ['creationTime', 4, 'N'], ['fileIdModifier', 1, 'A'], ['recordSize', 3, 'N'],
  ['blockingFactor', 2, 'N'], ['formatCode', 1, 'N'], ['destinationName', 23, 'A'], ['originName', 23, 'A'],
  ['referenceCode', 8, 'A'],
]);

export const BATCH_HEADER = layout('5', [
  ['recordType', 1, 'N'], ['serviceClass', 3, 'N'], ['companyName', 16, 'A'], ['discretionaryData', 20, 'A'],
  ['companyId', 10, 'A'], ['secCode', 3, 'A'], ['entryDescription', 10, 'A'], ['descriptiveDate', 6, 'A'],
  ['effectiveDate', 6, 'N'], ['settlementDate', 3, 'A'], ['originatorStatus', 1, 'A'], ['odfi', 8, 'N'],
  ['batchNumber', 7, 'N'],
]);

export const ENTRY_DETAIL = layout('6', [
  ['recordType', 1, 'N'], ['transactionCode', 2, 'N'], ['rdfi', 8, 'N'], ['checkDigit', 1, 'N'],
  ['accountNumber', 17, 'A'], ['amount', 10, 'N'], ['individualId', 15, 'A'], ['name', 22, 'A'],
  ['discretionaryData', 2, 'A'], ['addendaIndicator', 1, 'N'], ['traceNumber', 15, 'N'],
]);

export const ADDENDA = layout('7', [
  ['recordType', 1, 'N'], ['addendaType', 2, 'N'], ['paymentInfo', 80, 'A'], ['sequence', 4, 'N'], ['entrySequence', 7, 'N'],
]);

export const BATCH_CONTROL = layout('8', [
  ['recordType', 1, 'N'], ['serviceClass', 3, 'N'], ['entryCount', 6, 'N'], ['entryHash', 10, 'N'],
  ['totalDebit', 12, 'N'], ['totalCredit', 12, 'N'], ['companyId', 10, 'A'], ['authenticationCode', 19, 'A'],
  ['reserved', 6, 'A'], ['odfi', 8, 'N'], ['batchNumber', 7, 'N'],
]);

export const FILE_CONTROL = layout('9', [
  ['recordType', 1, 'N'], ['batchCount', 6, 'N'], ['blockCount', 6, 'N'], ['entryCount', 8, 'N'],
  ['entryHash', 10, 'N'], ['totalDebit', 12, 'N'], ['totalCredit', 12, 'N'], ['reserved', 39, 'A'],
]);

export const LAYOUTS = [FILE_HEADER, BATCH_HEADER, ENTRY_DETAIL, ADDENDA, BATCH_CONTROL, FILE_CONTROL] as const;

/** Lays one record out: every field at its place, checked, the whole exactly 94 characters. */
export function formatRecord<L extends Layout>(l: L, values: RecordValues<L>): string {
  const parts = l.fields.map((f) => {
    const value = (values as Record<string, string>)[f.name];
    if (value === undefined) throw new Error(`NACHA ${l.recordType} record: no value for ${f.name}`);
    if (f.kind === 'N') {
      if (!/^\d*$/.test(value) || value.length > f.length) throw new Error(`NACHA ${l.recordType} record: ${f.name} must be at most ${f.length} digits`);
      return value.padStart(f.length, '0');
    }
    if (f.kind === 'B') {
      if (!/^\d{9}$/.test(value)) throw new Error(`NACHA ${l.recordType} record: ${f.name} must be a 9-digit routing number`);
      return ` ${value}`;
    }
    if (!/^[\x20-\x7e]*$/.test(value) || value.length > f.length) throw new Error(`NACHA ${l.recordType} record: ${f.name} must be at most ${f.length} plain characters`);
    return value.padEnd(f.length, ' ');
  });
  const record = parts.join('');
  if (record.length !== RECORD_LENGTH) throw new Error(`NACHA ${l.recordType} record is ${record.length} characters`);
  return record;
}

/** Cuts one record into its fields as written (alphanumeric fields without their padding spaces). */
export function cutRecord<L extends Layout>(l: L, record: string): RecordValues<L> {
  const values: Record<string, string> = {};
  for (const f of l.fields) {
    const text = record.slice(f.start - 1, f.start - 1 + f.length);
    values[f.name] = f.kind === 'N' ? text : text.trim();
  }
  return values as RecordValues<L>;
}
