import { describe, expect, it } from 'vitest';
import type { TxnRow } from '../../../../contract/schemas/viewers';
import { tableCsv } from '../../../lib/csv-export';
import { AUDIT_CSV_COLUMNS } from './audit-csv';
import type { AuditEvent } from './audit-event-sentence';
import { amountCsvColumns, amountRows } from '../shared/report-table';
import { txnCsvColumns } from './txn-csv';

/** The CSV columns of the admin's tables: what each file's header and cells are, amounts to the cent. */
const lines = (text: string) => text.replace(/^\uFEFF/, '').split('\r\n').slice(0, -1);

describe('amountCsvColumns', () => {
  it('writes a category → amount map as Category, Amount in the server order, amounts as plain decimals', () => {
    const rows = amountRows({ Taxes: 3000, Insurance: 1200.1, Repairs: -0.29 });
    expect(lines(tableCsv(amountCsvColumns('Category'), rows))).toEqual(['Category,Amount', 'Taxes,3000.00', 'Insurance,1200.10', 'Repairs,-0.29']);
    expect(lines(tableCsv(amountCsvColumns('Member', 'Fee'), amountRows({ '-Dash': 5 })))).toEqual(['Member,Fee', "'-Dash,5.00"]);
  });
});

describe('txnCsvColumns', () => {
  const live: TxnRow = { id: 7, date: '2024-07-22', amount: 2100, detail: 'Repairs: Roof repair' };
  const formula: TxnRow = { id: 8, date: '2024-07-01', amount: -6000, detail: '=HYPERLINK("http://x")' };
  const voided: TxnRow = { ...live, id: 9, voided_at: '2025-01-02T03:04:05Z', voided_by: 'admin', void_reason: '+entered twice' };

  it('writes ID, Date, Amount and the server detail, the formula neutralised and quoted', () => {
    expect(lines(tableCsv(txnCsvColumns([live, formula]), [live, formula]))).toEqual([
      'ID,Date,Amount,Detail',
      '7,2024-07-22,2100.00,Repairs: Roof repair',
      `8,2024-07-01,-6000.00,"'=HYPERLINK(""http://x"")"`,
    ]);
  });

  it('adds who voided a row, when and why once voided rows are listed', () => {
    expect(lines(tableCsv(txnCsvColumns([live, voided]), [live, voided]))).toEqual([
      'ID,Date,Amount,Detail,Voided At (UTC),Voided By,Void Reason',
      '7,2024-07-22,2100.00,Repairs: Roof repair,,,',
      "9,2024-07-22,2100.00,Repairs: Roof repair,2025-01-02T03:04:05Z,admin,'+entered twice",
    ]);
  });
});

describe('AUDIT_CSV_COLUMNS', () => {
  const event: AuditEvent = {
    id: 41, at: '2024-07-01T12:00:00Z', user: 'admin', action: 'record', entity: 'ledger_entry', entity_id: '12',
    before: null, after: { kind: 'cash_withdrawal', amountCents: 600000, description: '=HYPERLINK("http://x")' },
    summary: 'admin recorded a cash withdrawal of $6,000.00 for A',
  };

  it("writes the sentence, the facts, the entry's description on its own (neutralised) and the raw records as JSON", () => {
    const [header, row] = lines(tableCsv(AUDIT_CSV_COLUMNS, [event]));
    expect(header).toBe('ID,When (UTC),User,Event,Action,About,Record ID,Description,Before,After');
    expect(row).toBe(
      '41,2024-07-01T12:00:00Z,admin,"admin recorded a cash withdrawal of $6,000.00 for A",record,ledger_entry,12,' +
        `"'=HYPERLINK(""http://x"")",,"{""kind"":""cash_withdrawal"",""amountCents"":600000,""description"":""=HYPERLINK(\\""http://x\\"")""}"`,
    );
  });

  it("reads a void's description from the record before it, and leaves it empty when there is none", () => {
    const voided: AuditEvent = { ...event, action: 'void', before: { description: 'Roof repair' }, after: { void_reason: 'twice' } };
    expect(lines(tableCsv(AUDIT_CSV_COLUMNS, [voided]))[1]).toContain(',Roof repair,');
    const other: AuditEvent = { ...event, entity: 'investor', before: null, after: null, user: null, summary: '' };
    expect(lines(tableCsv(AUDIT_CSV_COLUMNS, [other]))[1]).toBe('41,2024-07-01T12:00:00Z,,The system recorded an investor,record,investor,12,,,');
  });
});
