import { describe, expect, it } from 'vitest';
import { allPages, csvBlob, csvFileName, dollarsColumn, tableCsv, type PageOf } from './csv-export';

describe('dollarsColumn', () => {
  const column = dollarsColumn<{ amount: number | null }>('Amount', (r) => r.amount);

  it('is an amount column whose values are exact cents read through the decimal text', () => {
    expect(column.kind).toBe('cents');
    const value = column.value as (row: { amount: number | null }) => number | null | undefined;
    expect(value({ amount: 0.29 })).toBe(29); // 0.29 * 100 would be 28.999999999999996
    expect(value({ amount: 4042.5 })).toBe(404250);
    expect(value({ amount: -25000 })).toBe(-2500000);
    expect(value({ amount: -0.05 })).toBe(-5);
    expect(value({ amount: 1162.5 })).toBe(116250);
    expect(value({ amount: null })).toBeNull();
  });

  it('writes plain two-decimal amounts, a negative one still a number', () => {
    const text = tableCsv([dollarsColumn<number>('Amount', (d) => d)], [0.29, 4042.5, -25000, 0.1 + 0.2 - 0.3]);
    expect(text).toBe('\uFEFFAmount\r\n0.29\r\n4042.50\r\n-25000.00\r\n0.00\r\n');
  });
});

describe('csvFileName', () => {
  it('joins the parts with " - " and ends in .csv, leaving out empty parts', () => {
    expect(csvFileName('Income History', 'A')).toBe('Income History - A.csv');
    expect(csvFileName('LLC Taxes', 'Maple Holdings LLC', '2024', 'Members')).toBe('LLC Taxes - Maple Holdings LLC - 2024 - Members.csv');
    expect(csvFileName('Audit Log', '')).toBe('Audit Log.csv');
    expect(csvFileName(' Login Summary ')).toBe('Login Summary.csv');
    expect(csvFileName('')).toBe('Table.csv');
  });

  it('replaces characters file systems refuse in names typed by people', () => {
    expect(csvFileName('Property Details', 'Unit 1/2: "East" <B>', 'Income History')).toBe('Property Details - Unit 1_2_ _East_ _B_ - Income History.csv');
    expect(csvFileName('A\\B|C?D*E\tF')).toBe('A_B_C_D_E_F.csv');
  });
});

describe('tableCsv and csvBlob', () => {
  it('writes RFC 4180 with CRLF and the BOM, text guarded against formulas', () => {
    const text = tableCsv<{ name: string }>([{ header: 'Name', kind: 'text', value: (r) => r.name }], [{ name: '=HYPERLINK("http://x")' }, { name: 'Zoë' }]);
    expect(text).toBe('\uFEFFName\r\n"\'=HYPERLINK(""http://x"")"\r\nZoë\r\n');
  });

  it('makes a UTF-8 text/csv blob', async () => {
    const blob = csvBlob('\uFEFFZoë\r\n');
    expect(blob.type).toBe('text/csv; charset=utf-8');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0xef, 0xbb, 0xbf, 0x5a, 0x6f, 0xc3, 0xab, 0x0d, 0x0a]);
  });
});

describe('allPages', () => {
  /** A newest-first log of `n` items (ids n..1) answered `size` a page, with the pages asked for. */
  const log = (n: number, size: number) => {
    const items = Array.from({ length: n }, (_, i) => ({ id: n - i }));
    const asked: number[] = [];
    return {
      items,
      asked,
      fetch: async (page: number): Promise<PageOf<{ id: number }>> => {
        asked.push(page);
        return { items: items.slice((page - 1) * size, page * size), total: items.length };
      },
    };
  };

  it('reads every page, in order, and stops after the last', async () => {
    const l = log(450, 200);
    expect((await allPages(l.fetch, 200, (e) => e.id)).map((e) => e.id)).toEqual(l.items.map((e) => e.id));
    expect(l.asked).toEqual([1, 2, 3]);
  });

  it('asks once when one page holds everything, or nothing', async () => {
    const full = log(200, 200);
    expect(await allPages(full.fetch, 200, (e) => e.id)).toHaveLength(200);
    expect(full.asked).toEqual([1]);
    const none = log(0, 200);
    expect(await allPages(none.fetch, 200, (e) => e.id)).toEqual([]);
    expect(none.asked).toEqual([1]);
  });

  it('keeps an item pushed onto the next page by a newer one once, and misses none', async () => {
    const l = log(5, 2);
    const fetch = async (page: number) => {
      // After page 1 is read, a new event (id 6) arrives at the top: everything moves one place down.
      if (page === 2 && l.items[0]!.id !== 6) l.items.unshift({ id: 6 });
      return l.fetch(page);
    };
    expect((await allPages(fetch, 2, (e) => e.id)).map((e) => e.id)).toEqual([5, 4, 3, 2, 1]);
  });

  it('passes a failed page on to the caller', async () => {
    const fetch = async (page: number): Promise<PageOf<number>> => {
      if (page === 2) throw new Error('The server could not be reached.');
      return { items: [1, 2], total: 4 };
    };
    await expect(allPages(fetch, 2, (n) => n)).rejects.toThrow('The server could not be reached.');
  });
});
