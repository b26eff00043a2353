import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.js';
import { nachaFile, type NachaEntry, type NachaSettings } from './nacha-file.js';
import { LAYOUTS, cutRecord, type Layout } from './nacha-layout.js';
import { PUBLISHED_PPD_CREDIT } from './published-ppd-credit.fixture.js';
import { readNacha } from './read-nacha.js';

const settings: NachaSettings = {
  companyName: 'Maple & Cedar Investors LLC', companyId: '1123456789', originatingRouting: '021000021',
  destinationRouting: '011000015', destinationName: 'Federal Reserve Bank', originName: 'Maple & Cedar',
};
const entry = (over: Partial<NachaEntry> = {}): NachaEntry => ({
  name: 'Ann Lee', routingNumber: '231380104', accountNumber: '987654321', accountType: 'checking', amountCents: 125_050, individualId: 'INV-1', ...over,
});
const write = (entries: NachaEntry[], over: Partial<Parameters<typeof nachaFile>[0]> = {}) =>
  nachaFile({ settings, createdAt: new Date('2026-03-05T14:07:59Z'), effectiveDate: '2026-03-09', description: 'Distribution', entries, ...over });

describe('writing a NACHA file of PPD credits', () => {
  it('writes a file that reads back with every count, the entry hash, the totals and blocking to ten', () => {
    const entries = [
      entry(),
      entry({ name: 'José Núñez-Ærøskøbing Family Trust', routingNumber: '011000015', accountNumber: '12345678901234567', accountType: 'savings', amountCents: 1, individualId: 'INV-22' }),
      entry({ name: 'Zoë 李 Smith 🙂', routingNumber: '021000021', accountNumber: 'ab-12', amountCents: 9_999_999_999, individualId: 'a-very-long-individual-id' }),
    ];
    const text = write(entries);
    const lines = text.split('\n');
    expect(lines).toHaveLength(10); // 1 + 1 + 3 + 1 + 1 = 7 records, blocked to 10
    expect(lines.every((l) => l.length === 94 && /^[\x20-\x7e]+$/.test(l))).toBe(true);
    expect(lines.map((l) => l[0]).join('')).toBe('1566689999');
    expect(lines.slice(7)).toEqual(Array(3).fill('9'.repeat(94)));
    expect(text.endsWith('\n')).toBe(false);

    const file = readNacha(text);
    expect(file.header).toMatchObject({
      immediateDestination: '011000015', immediateOrigin: '021000021', creationDate: '260305', creationTime: '1407',
      destinationName: 'FEDERAL RESERVE BANK', originName: 'MAPLE & CEDAR',
    });
    const [batch] = file.batches;
    expect(batch!.header).toMatchObject({
      serviceClass: '220', companyName: 'MAPLE & CEDAR IN', companyId: '1123456789', secCode: 'PPD', entryDescription: 'DISTRIBUTI',
      effectiveDate: '260309', originatorStatus: '1', odfi: '02100002', batchNumber: '0000001',
    });
    expect(batch!.entries.map((e) => [e.transactionCode, e.rdfi, e.checkDigit, e.accountNumber, e.amountCents, e.individualId, e.name, e.traceNumber])).toEqual([
      ['22', '23138010', '4', '987654321', 125_050, 'INV-1', 'ANN LEE', '021000020000001'],
      ['32', '01100001', '5', '12345678901234567', 1, 'INV-22', 'JOSE NUNEZ-AEROSKOBING', '021000020000002'],
      ['22', '02100002', '1', 'AB-12', 9_999_999_999, 'A-VERY-LONG-IND', 'ZOE SMITH', '021000020000003'],
    ]);
    const hash = 23138010 + 1100001 + 2100002;
    const total = 125_050 + 1 + 9_999_999_999;
    expect(batch!.control).toMatchObject({ entryCount: '000003', entryHash: String(hash).padStart(10, '0'), totalDebit: '0'.repeat(12), totalCredit: String(total).padStart(12, '0'), companyId: '1123456789', odfi: '02100002' });
    expect(file.control).toMatchObject({ batchCount: '000001', blockCount: '000001', entryCount: '00000003', entryHash: String(hash).padStart(10, '0'), totalCredit: String(total).padStart(12, '0') });
  });

  it('blocks a longer file to the next ten and keeps only the last ten digits of the entry hash', () => {
    // 101 receiving banks of 99999999 add up to 10,099,999,899: eleven digits.
    const entries = Array.from({ length: 101 }, (_, i) => entry({ routingNumber: '999999992', amountCents: 100 + i }));
    const text = write(entries);
    const file = readNacha(text);
    expect(file.recordCount).toBe(110); // 105 records and 5 filler
    expect(file.control.blockCount).toBe('000011');
    expect(file.control.entryHash).toBe('0099999899');
    expect(file.control.entryCount).toBe('00000101');
    expect(Number(file.control.totalCredit)).toBe(entries.reduce((s, e) => s + e.amountCents, 0));
    expect(file.batches[0]!.entries.at(-1)!.traceNumber).toBe('021000020000101');
    // A file of exactly ten records takes no filler.
    expect(write(Array.from({ length: 6 }, () => entry())).split('\n')).toHaveLength(10);
    expect(readNacha(write(Array.from({ length: 6 }, () => entry()))).control.blockCount).toBe('000001');
  });

  it('lays every record out as the published sample does: the same records in the same order, every field at its place', () => {
    const ours = write([entry()]).split('\n');
    const theirs = PUBLISHED_PPD_CREDIT.split('\n');
    expect(ours.map((l) => l[0])).toEqual(theirs.map((l) => l[0]));
    const layoutOf = (type: string) => LAYOUTS.find((l) => l.recordType === type)!;
    // Fields a PPD credit batch must carry with the very same text, and blank fields.
    const same = new Set(['recordType', 'priorityCode', 'fileIdModifier', 'recordSize', 'blockingFactor', 'formatCode', 'serviceClass', 'secCode',
      'originatorStatus', 'batchNumber', 'transactionCode', 'addendaIndicator', 'batchCount', 'blockCount', 'entryCount', 'totalDebit',
      'settlementDate', 'authenticationCode', 'reserved', 'discretionaryData']);
    for (let i = 0; i < 5; i++) {
      const layout: Layout = layoutOf(ours[i]![0]!);
      for (const f of layout.fields) {
        const cut = (line: string) => line.slice(f.start - 1, f.start - 1 + f.length);
        const [a, b] = [cut(ours[i]!), cut(theirs[i]!)];
        if (same.has(f.name)) expect({ record: i + 1, field: f.name, text: a }).toEqual({ record: i + 1, field: f.name, text: b });
        if (f.kind === 'N') expect({ field: f.name, digits: /^\d+$/.test(a) }).toEqual({ field: f.name, digits: /^\d+$/.test(b) });
        // Text filled in on both sides starts at the field's first position (left-justified).
        if (f.kind === 'A' && a.trim() && b.trim()) expect({ field: f.name, startsBlank: a.startsWith(' ') }).toEqual({ field: f.name, startsBlank: b.startsWith(' ') });
        if (f.kind === 'B') {
          // A routing number after a blank (the sample's origin uses the blank for a leading digit).
          expect(a).toMatch(/^ \d{9}$/);
          expect(b).toMatch(/^[ \d]\d{9}$/);
        }
      }
    }
    // A few positions by the format's own numbering, not through our table: the amount at 30–39,
    // the receiving bank at 4–11, the trace number at 80–94, the effective date at 70–75.
    expect(ours[2]!.slice(29, 39)).toBe('0000125050');
    expect(theirs[2]!.slice(29, 39)).toBe('0100000000');
    expect(ours[2]!.slice(3, 11)).toBe('23138010');
    expect(ours[2]!.slice(79, 94)).toBe('021000020000001');
    expect(ours[1]!.slice(69, 75)).toBe('260309');
    expect(cutRecord(layoutOf('8'), ours[3]!).totalCredit).toBe('000000125050');
  });

  it('refuses amounts that are not 1 cent to $99,999,999.99 in whole cents, bad routing and account numbers, and no payments', () => {
    const refused = (entries: NachaEntry[]) => {
      try {
        write(entries);
      } catch (e) {
        expect(e).toBeInstanceOf(ValidationError);
        return (e as Error).message;
      }
      throw new Error('written');
    };
    expect(refused([entry({ amountCents: 0 })])).toBe('Payment 1 (ANN LEE): the amount must be more than zero.');
    expect(refused([entry(), entry({ amountCents: -5 })])).toBe('Payment 2 (ANN LEE): the amount must be more than zero.');
    expect(refused([entry({ amountCents: 10.5 })])).toMatch(/whole number of cents/);
    expect(refused([entry({ amountCents: Number.NaN })])).toMatch(/whole number of cents/);
    expect(refused([entry({ amountCents: 10_000_000_000 })])).toMatch(/more than \$99,999,999\.99/);
    expect(refused([entry({ routingNumber: '231380105' })])).toMatch(/routing number is not a valid/);
    expect(refused([entry({ routingNumber: '23138010' })])).toMatch(/routing number is not a valid/);
    expect(refused([entry({ accountNumber: '' })])).toMatch(/account number/);
    expect(refused([entry({ accountNumber: '123456789012345678' })])).toMatch(/account number/);
    expect(refused([entry({ accountNumber: '12 34' })])).toMatch(/account number/);
    expect(refused([entry({ name: '李' })])).toMatch(/needs a name/);
    expect(refused([])).toBe('There are no payments to put in the ACH file.');
    expect(() => write([entry()], { settings: { ...settings, originatingRouting: '021000022' } })).toThrow(/originating routing number/);
    expect(() => write([entry()], { settings: { ...settings, destinationRouting: '' } })).toThrow(/destination routing number/);
    expect(() => write([entry()], { effectiveDate: '2026-02-30' })).toThrow(/effective date/);
  });
});
