import { describe, expect, it } from 'vitest';
import type { StatementLine } from './bank-import-types.js';
import { accountKeyOf, lineIdentities, normalised } from './line-identity.js';

const line = (over: Partial<StatementLine> = {}): StatementLine =>
  ({ line: 1, date: '2026-03-02', amountCents: -12_500, payee: 'ACME Plumbing', memo: 'Invoice 12', reference: null, ...over });

describe('line identity', () => {
  it('names the account by the bank id first, then the portal account, then the LLC', () => {
    expect(accountKeyOf({ bankAccountId: '123:456', accountId: 4, llcId: 1 })).toBe('ofx:123:456');
    expect(accountKeyOf({ bankAccountId: null, accountId: 4, llcId: 1 })).toBe('account:4');
    expect(accountKeyOf({ bankAccountId: null, accountId: null, llcId: 1 })).toBe('llc:1');
  });

  it("uses the bank's reference when the line has one: an OFX FITID alone, a CSV reference with its date and amount", () => {
    const [fit] = lineIdentities('ofx:1', [line({ reference: 'FIT-9' })]);
    expect(fit).toMatch(/^ofx:1\|ref\|[0-9a-f]{64}$/);
    // The same FITID is the same line, whatever else the bank changed in it.
    expect(lineIdentities('ofx:1', [line({ reference: 'FIT-9', payee: 'Other', date: '2026-03-03' })])).toEqual([fit]);
    // A CSV's "Reference" text repeats month after month: next month's line is another line.
    const [march] = lineIdentities('account:2', [line({ reference: 'RENT FLAT 2' })]);
    const [april] = lineIdentities('account:2', [line({ reference: 'RENT FLAT 2', date: '2026-04-02' })]);
    expect(march).toMatch(/\|ref\|/);
    expect(april).not.toBe(march);
  });

  it('falls back to the fingerprint for a reference two lines of one file share', () => {
    const ids = lineIdentities('ofx:1', [line({ reference: 'SAME' }), line({ line: 2, reference: 'SAME', amountCents: -100 }), line({ line: 3, reference: 'OWN' })]);
    expect(ids[0]).toMatch(/\|fp\|.*#1$/);
    expect(ids[1]).toMatch(/\|fp\|.*#1$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids[2]).toMatch(/\|ref\|/);
  });

  it('counts identical lines of one file, so they stay two lines', () => {
    const [a, b, c] = lineIdentities('llc:1', [line(), line({ line: 2 }), line({ line: 3, amountCents: -100 })]);
    expect(a).toMatch(/^llc:1\|fp\|[0-9a-f]{64}#1$/);
    expect(b).toBe(a!.replace(/#1$/, '#2'));
    expect(c).toMatch(/#1$/);
  });

  it('gives the same identities to the same file read again, case and spacing aside', () => {
    const first = lineIdentities('account:2', [line(), line({ line: 2 })]);
    const again = lineIdentities('account:2', [line({ payee: '  acme   plumbing ' }), line({ line: 2, payee: 'ACME PLUMBING' })]);
    expect(again).toEqual(first);
  });

  it('tells lines apart by date, amount, payee and memo', () => {
    const ids = lineIdentities('llc:1', [line(), line({ date: '2026-03-03' }), line({ amountCents: 12_500 }), line({ payee: 'Other' }), line({ memo: 'x' })]);
    expect(new Set(ids.map((id) => id.replace(/#\d+$/, ''))).size).toBe(5);
  });

  it('normalises text for comparing', () => {
    expect(normalised('  Rent\tMARCH  2026 ')).toBe('rent march 2026');
  });
});
