import { describe, expect, it } from 'vitest';
import { tableCsv } from '../../../lib/csv-export';
import { historyCsvColumns } from './history-csv';

const lines = (text: string) => text.replace(/^\uFEFF/, '').split('\r\n').slice(0, -1);

describe('historyCsvColumns', () => {
  it('writes Month and Amount, amounts exact to the cent', () => {
    const rows = [{ date: '2024-12', amount: 810 }, { date: '2024-07', amount: -360 }, { date: '2024-01', amount: 1162.5 }];
    expect(lines(tableCsv(historyCsvColumns(rows), rows))).toEqual(['Month,Amount', '2024-12,810.00', '2024-07,-360.00', '2024-01,1162.50']);
  });

  it('adds what each row was when the rows say (distributions), neutralising a formula', () => {
    const rows = [
      { date: '2024-09', amount: 25000, description: 'Return of capital – P' },
      { date: '2024-07', amount: 6000, description: '@SUM(A1)' },
    ];
    expect(lines(tableCsv(historyCsvColumns(rows), rows))).toEqual([
      'Month,Amount,Description', '2024-09,25000.00,Return of capital – P', "2024-07,6000.00,'@SUM(A1)",
    ]);
  });
});
