import { describe, expect, it } from 'vitest';
import type { BankRuleRow } from './bank-import-types.js';
import { defaultDescription, proposalFor } from './proposals.js';

const rule = (over: Partial<BankRuleRow> = {}): BankRuleRow => ({
  id: 1, position: 1, matchText: 'acme plumbing', kind: 'property_expense', propertyName: 'Birch Court', category: 'Repairs',
  investorName: null, description: null, ...over,
});
const defaults = { propertyName: 'Maple House', rentCategory: 'Rent' };

describe('proposals', () => {
  it("proposes the first matching rule's entry, naming the rule", () => {
    const p = proposalFor({ amountCents: -12_500, payee: 'ACME   Plumbing Co', memo: '' }, [rule()], defaults);
    expect(p).toEqual({
      kind: 'property_expense', property_name: 'Birch Court', category: 'Repairs', investor_name: null,
      description: 'ACME   Plumbing Co', rule: { id: 1, match_text: 'acme plumbing' },
    });
  });

  it('matches the memo too, and applies rules by position', () => {
    const rules = [rule({ id: 2, position: 2, matchText: 'invoice', category: 'Other' }), rule({ id: 3, position: 1, matchText: 'INVOICE 12' })];
    expect(proposalFor({ amountCents: -100, payee: 'Bob', memo: 'Invoice 12' }, rules, defaults).rule?.id).toBe(3);
  });

  it("skips a rule whose kind does not fit the line's direction", () => {
    const p = proposalFor({ amountCents: 12_500, payee: 'Acme Plumbing refund', memo: '' }, [rule()], defaults);
    expect(p.rule).toBeNull();
    expect(p.kind).toBe('property_income');
  });

  it("keeps the rule's own description", () => {
    expect(proposalFor({ amountCents: -1, payee: 'acme plumbing', memo: '' }, [rule({ description: 'Plumber' })], defaults).description).toBe('Plumber');
  });

  it("proposes income of the account's property, as Rent, without a rule", () => {
    expect(proposalFor({ amountCents: 150_000, payee: 'Jane Tenant', memo: 'March' }, [], defaults)).toEqual({
      kind: 'property_income', property_name: 'Maple House', category: 'Rent', investor_name: null, description: 'Jane Tenant – March', rule: null,
    });
    expect(proposalFor({ amountCents: 150_000, payee: 'x', memo: '' }, [], { propertyName: null, rentCategory: null })).toMatchObject({
      property_name: null, category: null,
    });
  });

  it("proposes an expense of the account's property, category left to the admin", () => {
    expect(proposalFor({ amountCents: -4_000, payee: 'Hardware', memo: '' }, [], defaults)).toMatchObject({
      kind: 'property_expense', property_name: 'Maple House', category: null, rule: null,
    });
  });

  it('describes the line by its payee and a memo that says more', () => {
    expect(defaultDescription({ payee: 'Jane', memo: 'jane' })).toBe('Jane');
    expect(defaultDescription({ payee: '', memo: 'Transfer' })).toBe('Transfer');
    expect(defaultDescription({ payee: 'Jane', memo: '' })).toBe('Jane');
  });
});
