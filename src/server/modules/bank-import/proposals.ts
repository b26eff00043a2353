import type { BankLineProposal } from '../../../contract/schemas/bank-import.js';
import { isMoneyIn } from '../../../contract/bank-line-entry.js';
import type { BankRuleRow } from './bank-import-types.js';
import { normalised } from './line-identity.js';

/**
 * What a bank line would record, before the admin changes it: the first live rule (in the LLC's order)
 * whose text the line's payee or memo contains and whose kind fits the line's direction; without one,
 * the portal's default: money in is the account's property's income (Rent when that category exists),
 * money out its expense. The property is proposed only when the account serves exactly one.
 */

export type ProposalLine = { amountCents: number; payee: string; memo: string };
/** What the default proposal needs of the account and the books. */
export type ProposalDefaults = { propertyName: string | null; rentCategory: string | null };

/** The payee, and the memo after a dash when it says something else; as long as a form's description may be. */
export function defaultDescription(line: { payee: string; memo: string }): string {
  const payee = line.payee.trim();
  const memo = line.memo.trim();
  const text = !payee ? memo : memo && normalised(memo) !== normalised(payee) ? `${payee} – ${memo}` : payee;
  return (text || 'Bank statement line').slice(0, 500);
}

/** The first rule that proposes for the line, or null. */
export function matchingRule(line: ProposalLine, rules: readonly BankRuleRow[]): BankRuleRow | null {
  const texts = [normalised(line.payee), normalised(line.memo)];
  const moneyIn = line.amountCents > 0;
  return [...rules]
    .sort((a, b) => a.position - b.position)
    .find((r) => isMoneyIn(r.kind) === moneyIn && texts.some((t) => t.includes(normalised(r.matchText)))) ?? null;
}

export function proposalFor(line: ProposalLine, rules: readonly BankRuleRow[], defaults: ProposalDefaults): BankLineProposal {
  const rule = matchingRule(line, rules);
  if (rule) {
    return {
      kind: rule.kind, property_name: rule.propertyName, category: rule.category, investor_name: rule.investorName,
      description: rule.description ?? defaultDescription(line), rule: { id: rule.id, match_text: rule.matchText },
    };
  }
  const moneyIn = line.amountCents > 0;
  return {
    kind: moneyIn ? 'property_income' : 'property_expense',
    property_name: defaults.propertyName,
    category: moneyIn ? defaults.rentCategory : null,
    investor_name: null,
    description: defaultDescription(line),
    rule: null,
  };
}
