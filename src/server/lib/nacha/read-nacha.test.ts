import { describe, expect, it } from 'vitest';
import { PUBLISHED_PPD_CREDIT } from './published-ppd-credit.fixture.js';
import { readNacha } from './read-nacha.js';

const lines = () => PUBLISHED_PPD_CREDIT.split('\n');
const replaceAt = (line: string, position: number, text: string) => line.slice(0, position - 1) + text + line.slice(position - 1 + text.length);

describe('reading a NACHA file', () => {
  it('reads a published PPD credit file into its records', () => {
    const file = readNacha(PUBLISHED_PPD_CREDIT);
    expect(file.recordCount).toBe(10);
    expect(file.header).toMatchObject({
      recordType: '1', priorityCode: '01', immediateDestination: '031300012', immediateOrigin: '0231380104',
      creationDate: '190816', creationTime: '1055', fileIdModifier: 'A', recordSize: '094', blockingFactor: '10',
      formatCode: '1', destinationName: 'Federal Reserve Bank', originName: 'My Bank Name', referenceCode: '12345678',
    });
    expect(file.batches).toHaveLength(1);
    const [batch] = file.batches;
    expect(batch!.header).toMatchObject({
      serviceClass: '220', companyName: 'Name on Account', companyId: '231380104', secCode: 'PPD',
      entryDescription: 'REG.SALARY', effectiveDate: '190816', originatorStatus: '1', odfi: '12104288', batchNumber: '0000001',
    });
    expect(batch!.entries).toEqual([expect.objectContaining({
      transactionCode: '22', rdfi: '23138010', checkDigit: '4', accountNumber: '987654321', amountCents: 100_000_000,
      individualId: '', name: 'Credit Account 1', addendaIndicator: '0', traceNumber: '121042880000002', credit: true,
    })]);
    expect(batch!.control).toMatchObject({ entryCount: '000001', entryHash: '0023138010', totalDebit: '000000000000', totalCredit: '000100000000' });
    expect(file.control).toMatchObject({
      batchCount: '000001', blockCount: '000001', entryCount: '00000001', entryHash: '0023138010', totalDebit: '000000000000', totalCredit: '000100000000',
    });
  });

  it('takes the file with CRLF between records and a last line break', () => {
    expect(readNacha(lines().join('\r\n') + '\r\n').batches[0]!.entries[0]!.amountCents).toBe(100_000_000);
  });

  it('refuses an entry whose amount no longer adds up to the controls', () => {
    const l = lines();
    l[2] = replaceAt(l[2]!, 30, '0100000001');
    expect(() => readNacha(l.join('\n'))).toThrow(/Record 4: the batch control's total credit is 000100000000, but the records add up to 100000001/);
  });

  it('refuses a changed receiving bank: the check digit, then the entry hash', () => {
    const l = lines();
    l[2] = replaceAt(l[2]!, 4, '23138011');
    expect(() => readNacha(l.join('\n'))).toThrow(/Record 3: the receiving bank 231380114 fails the routing number check/);
    const m = lines();
    m[3] = replaceAt(m[3]!, 11, '0023138011');
    expect(() => readNacha(m.join('\n'))).toThrow(/Record 4: the batch control's entry hash/);
  });

  it('refuses a record that is not 94 characters, a missing filler record, and records out of order', () => {
    const short = lines();
    short[1] = short[1]!.slice(0, 93);
    expect(() => readNacha(short.join('\n'))).toThrow(/Record 2: is 93 characters, not 94/);
    expect(() => readNacha(lines().slice(0, 9).join('\n'))).toThrow(/not a multiple of 10/);
    const noControl = lines();
    noControl.splice(3, 1);
    noControl.push('9'.repeat(94));
    expect(() => readNacha(noControl.join('\n'))).toThrow(/Record 4: the batch that starts at record 2 has no batch control/);
    const wrongBlocks = lines();
    wrongBlocks[4] = replaceAt(wrongBlocks[4]!, 8, '000002');
    expect(() => readNacha(wrongBlocks.join('\n'))).toThrow(/block count is 000002, but the records add up to 1/);
  });

  it('refuses a byte that is not plain ASCII, which would shift every field after it', () => {
    const l = lines();
    l[2] = l[2]!.replace('Credit Account 1', 'Crédit Account 1');
    expect(() => readNacha(l.join('\n'))).toThrow(/Record 3: holds a character that is not plain ASCII/);
  });
});
