import type { z } from 'zod';
import type { AddBankRuleRequest, BankRulesResponse, ChangeBankRuleRequest } from '../../../contract/schemas/bank-import.js';
import type { EntryKind } from '../../../contract/schemas/corrections.js';
import { CHOICES_OF_KIND } from '../../../contract/bank-line-entry.js';
import type { Db, Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import { findCategory, type Category, type CategoryScope } from '../categories/categories.js';
import type { Llc } from '../llcs/llcs.js';
import { existingInvestor, existingLlc, existingProperty } from '../references.js';
import type { BankRuleRow } from './bank-import-types.js';
import {
  findLiveRule, insertRule, listedRules, liveRuleCount, lockRulesOfLlc, markRuleDeleted, matchTextOf, shiftRules, updateRule,
  type RuleFields,
} from './bank-rules.repository.js';

type AddInput = z.output<typeof AddBankRuleRequest>;
type ChangeInput = z.output<typeof ChangeBankRuleRequest>;
type RuleInput = Omit<ChangeInput, 'id' | 'position'>;

/** The kinds as a refusal names them: "A rule for an LLC expense takes no property." */
const KIND_WORDS: Record<EntryKind, string> = {
  property_income: 'property income', lc_payment: 'a land-contract payment', property_expense: 'a property expense',
  investor_property_expense: 'an expense charged to an investor', llc_expense: 'an LLC expense', deposit: 'a rental deposit',
  deposit_withdrawal: 'a deposit refund', investment: 'an investment', investment_withdrawal: 'a return of capital',
  cash_withdrawal: 'a cash withdrawal',
};

const SCOPE_WORDS: Record<CategoryScope, string> = {
  income: 'an income category', property_expense: 'a property expense category', llc_expense: 'an LLC expense category',
};
const SCOPES = Object.keys(SCOPE_WORDS) as CategoryScope[];

/**
 * The category a rule names, of the scope its kind's form takes: a category of another scope is a
 * wrong choice (400, saying which it is), a name of no category at all is not found (404).
 */
async function categoryOfScope(tx: Queryable, scope: CategoryScope, name: string): Promise<Category> {
  const category = await findCategory(tx, scope, name);
  if (category) return category;
  for (const other of SCOPES) {
    const found = other === scope ? undefined : await findCategory(tx, other, name);
    if (found) throw new ValidationError(`“${found.name}” is ${SCOPE_WORDS[other]}, not ${SCOPE_WORDS[scope]}.`);
  }
  throw new NotFoundError(`No category named “${name}”.`);
}

/** A rule's fields as rows: each name found, and each of the choices its kind's form takes (CHOICES_OF_KIND). */
async function ruleFieldsOf(tx: Queryable, llc: Llc, input: RuleInput) {
  const choices = CHOICES_OF_KIND[input.kind];
  const kindWords = KIND_WORDS[input.kind];
  const property = input.property_name ? await existingProperty(tx, input.property_name) : null;
  if (property && !choices.property) throw new ValidationError(`A rule for ${kindWords} names no property.`);
  if (property && property.llcId !== llc.id) throw new ValidationError(`“${property.name}” is not a property of ${llc.name}.`);
  if (input.category && !choices.category) throw new ValidationError(`A rule for ${kindWords} names no category.`);
  const category = input.category && choices.category ? await categoryOfScope(tx, choices.category, input.category) : null;
  const investor = input.investor_name ? await existingInvestor(tx, input.investor_name) : null;
  if (investor && !choices.investor) throw new ValidationError(`A rule for ${kindWords} names no investor.`);
  const fields: RuleFields = {
    matchText: matchTextOf(input.match_text),
    kind: input.kind,
    propertyId: property?.id ?? null,
    categoryId: category?.id ?? null,
    investorId: investor?.id ?? null,
    description: input.description?.trim() || null,
  };
  const names = { propertyName: property?.name ?? null, category: category?.name ?? null, investorName: investor?.name ?? null };
  return { fields, names };
}

/** A rule as its audit row keeps it: names, never ids. */
const auditView = (llcName: string, r: Omit<BankRuleRow, 'id'>) => ({
  llc: llcName, position: r.position, match_text: r.matchText, kind: r.kind, property: r.propertyName, category: r.category,
  investor: r.investorName, description: r.description,
});

/** A position asked for, within 1..last (past the end is the end). */
const placeWithin = (asked: number | undefined, last: number) => Math.min(Math.max(asked ?? last, 1), last);

/** Past every rule: positions are `integer`. */
const LAST_POSITION = 2_147_483_647;

const ruleNotFound = (id: number) => new NotFoundError(`There is no import rule ${id}.`);

/**
 * The rules that propose an entry for a bank line (docs/product.md "Bank statement import"): per LLC,
 * applied in `position` order (1 first). Adding, moving and deleting renumber the others in the same
 * transaction, under the LLC's rules lock, so the live rules stay numbered 1..n. A deleted rule is
 * kept, marked, so a proposal it made can still name it. Every write is audited.
 */
export function createBankRulesService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async list(query: { llc_name: string }): Promise<z.input<typeof BankRulesResponse>> {
      return db.snapshot(async (tx) => {
        const llc = await existingLlc(tx, query.llc_name);
        const rules = await listedRules(tx, llc.id);
        return {
          llc_name: llc.name,
          rules: rules.map((r) => ({
            id: r.id, position: r.position, match_text: r.matchText, kind: r.kind, property_name: r.propertyName, category: r.category,
            investor_name: r.investorName, description: r.description, created_at: new Date(r.createdAt).toISOString(),
          })),
        };
      });
    },

    async add(input: AddInput, ctx: WriteContext): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        const llc = await existingLlc(tx, input.llc_name);
        const { fields, names } = await ruleFieldsOf(tx, llc, input);
        await lockRulesOfLlc(tx, llc.id);
        const count = await liveRuleCount(tx, llc.id);
        const position = placeWithin(input.position, count + 1);
        await shiftRules(tx, llc.id, position, count, 1);
        const at = clock.now();
        const id = await insertRule(tx, { ...fields, llcId: llc.id, position, createdBy: ctx.userId, at });
        await auditChange(tx, ctx, at, {
          action: 'add_bank_rule', entity: 'bank_rule', id,
          after: auditView(llc.name, { ...fields, ...names, position }),
        });
        return { id };
      });
    },

    async change(input: ChangeInput, ctx: WriteContext): Promise<void> {
      await db.transaction(async (tx) => {
        const found = await findLiveRule(tx, input.id);
        if (!found) throw ruleNotFound(input.id);
        const llc = await existingLlc(tx, found.llcName);
        const { fields, names } = await ruleFieldsOf(tx, llc, input);
        await lockRulesOfLlc(tx, llc.id);
        // Read again under the lock: another write may have moved it, or deleted it, meanwhile.
        const rule = await findLiveRule(tx, input.id);
        if (!rule) throw ruleNotFound(input.id);
        const position = placeWithin(input.position ?? rule.position, await liveRuleCount(tx, llc.id));
        if (position < rule.position) await shiftRules(tx, llc.id, position, rule.position - 1, 1);
        if (position > rule.position) await shiftRules(tx, llc.id, rule.position + 1, position, -1);
        await updateRule(tx, rule.id, { ...fields, position });
        await auditChange(tx, ctx, clock.now(), {
          action: 'change_bank_rule', entity: 'bank_rule', id: rule.id,
          before: auditView(llc.name, rule),
          after: auditView(llc.name, { ...fields, ...names, position }),
        });
      });
    },

    async delete(input: { id: number }, ctx: WriteContext): Promise<void> {
      await db.transaction(async (tx) => {
        const found = await findLiveRule(tx, input.id);
        if (!found) throw ruleNotFound(input.id);
        await lockRulesOfLlc(tx, found.llcId);
        const rule = await findLiveRule(tx, input.id);
        if (!rule) throw ruleNotFound(input.id);
        const at = clock.now();
        await markRuleDeleted(tx, rule.id, ctx.userId, at);
        await shiftRules(tx, rule.llcId, rule.position + 1, LAST_POSITION, -1);
        await auditChange(tx, ctx, at, { action: 'delete_bank_rule', entity: 'bank_rule', id: rule.id, before: auditView(rule.llcName, rule) });
      });
    },
  };
}

export type BankRulesService = ReturnType<typeof createBankRulesService>;
