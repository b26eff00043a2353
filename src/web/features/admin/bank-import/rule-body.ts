import type { endpoints } from '../../../../contract/endpoints';
import type { Reply } from '../../../../contract/endpoint';
import type { EntryKind } from '../../../../contract/schemas/corrections';
import { CHOICES_OF_KIND } from '../../../../contract/bank-line-entry';

export type Rule = Reply<typeof endpoints.bankRules>['rules'][number];

type RuleFields = {
  match_text: string; kind: EntryKind; property_name?: string | null; category?: string | null; investor_name?: string | null;
  description?: string | null; position: number;
};

/**
 * A rule as add_bank_rule and change_bank_rule take it: only the choices its kind's form asks for, the
 * description left out when empty (the line's payee and memo then), its place in the order.
 */
export function ruleBody(r: RuleFields) {
  const asks = CHOICES_OF_KIND[r.kind];
  return {
    match_text: r.match_text, kind: r.kind,
    property_name: asks.property ? r.property_name || null : null,
    category: asks.category ? r.category || null : null,
    investor_name: asks.investor ? r.investor_name || null : null,
    ...(r.description ? { description: r.description } : {}),
    ...(r.position > 0 ? { position: r.position } : {}),
  };
}
