import { dateText } from '../../../contract/values/human-format.js';
import { contractSchedule } from '../../domain/land-contract-schedule.js';
import { ValidationError } from '../../lib/errors.js';

/**
 * A land contract's terms as a request gives them (add_investment_property, set_land_contract_terms),
 * checked by one rule for both (docs/rules/tax-reports.md "Land contracts", docs/product.md "Land contracts").
 */
export type TermsInput = {
  lc_sale_date?: string | undefined;
  lc_sale_price?: number | undefined;
  lc_down_payment?: number | undefined;
  lc_adjusted_basis?: number | undefined;
  lc_rate_bps?: number | undefined;
  lc_selling_expenses?: number | undefined;
  lc_installment?: number | undefined;
  lc_first_due_date?: string | undefined;
  lc_grace_days?: number | undefined;
  lc_assumed_mortgage?: number | undefined;
  lc_buyer_name?: string | undefined;
  lc_buyer_address?: string | undefined;
};

/** The terms as stored (cents). The optional ones are present only when given, so a property recorded without them is audited as before they existed. */
export type StoredTerms = {
  saleDate: string;
  salePriceCents: number;
  downPaymentCents: number;
  adjustedBasisCents: number;
  rateBps: number;
  sellingExpensesCents?: number;
  installmentCents?: number;
  firstDueDate?: string;
  graceDays?: number;
  assumedMortgageCents?: number;
  buyerName?: string;
  buyerAddress?: string;
};

/**
 * The terms of a request, checked: all five tax terms or none; the servicing terms, the assumed mortgage
 * and the buyer only beside them; the down payment and the mortgage within the price; the installment and
 * the first due date together, after the sale, and making a schedule that pays the contract off. Null: no
 * terms given. `landContract`: whether the property is a land contract (terms on any other are refused).
 */
export function checkedTerms(input: TermsInput, landContract: boolean): StoredTerms | null {
  const given = [input.lc_sale_date, input.lc_sale_price, input.lc_down_payment, input.lc_adjusted_basis, input.lc_rate_bps]
    .filter((v) => v !== undefined).length;
  const servicing = [input.lc_installment, input.lc_first_due_date, input.lc_grace_days, input.lc_assumed_mortgage, input.lc_buyer_name, input.lc_buyer_address]
    .some((v) => v !== undefined);
  if (given === 0) {
    if (input.lc_selling_expenses !== undefined) throw new ValidationError('Selling expenses need the other land-contract terms.');
    if (servicing) throw new ValidationError('The installment, due date, grace days, mortgage and buyer need the land-contract terms.');
    return null;
  }
  if (!landContract) throw new ValidationError('Land-contract terms can only be given for a land-contract property.');
  if (given < 5) {
    throw new ValidationError('Give all land-contract terms (sale date, sale price, down payment, adjusted basis, rate) or none.');
  }
  const only = <K extends string, V>(key: K, value: V | undefined) => (value !== undefined ? { [key]: value } as Record<K, V> : {});
  const terms: StoredTerms = {
    saleDate: input.lc_sale_date!,
    salePriceCents: input.lc_sale_price!,
    downPaymentCents: input.lc_down_payment!,
    adjustedBasisCents: input.lc_adjusted_basis!,
    rateBps: input.lc_rate_bps!,
    ...only('sellingExpensesCents', input.lc_selling_expenses),
    ...only('installmentCents', input.lc_installment),
    ...only('firstDueDate', input.lc_first_due_date),
    ...only('graceDays', input.lc_grace_days),
    ...only('assumedMortgageCents', input.lc_assumed_mortgage),
    ...only('buyerName', input.lc_buyer_name),
    ...only('buyerAddress', input.lc_buyer_address),
  };
  if (terms.downPaymentCents > terms.salePriceCents) throw new ValidationError('Down payment cannot exceed the sale price.');
  if (terms.downPaymentCents + (terms.assumedMortgageCents ?? 0) > terms.salePriceCents) {
    throw new ValidationError('The down payment and the assumed mortgage together cannot exceed the sale price.');
  }
  if (terms.firstDueDate !== undefined && terms.firstDueDate <= terms.saleDate) {
    throw new ValidationError(`The first due date must be after the sale date (${dateText(terms.saleDate)}).`);
  }
  if ((terms.installmentCents === undefined) !== (terms.firstDueDate === undefined)) {
    throw new ValidationError('Give the installment and the first due date together, or neither.');
  }
  if (terms.installmentCents !== undefined) {
    const schedule = contractSchedule(
      { ...terms, sellingExpensesCents: terms.sellingExpensesCents ?? 0, assumedMortgageCents: terms.assumedMortgageCents ?? 0 },
      { installmentCents: terms.installmentCents, firstDueDate: terms.firstDueDate! },
    );
    if (!schedule.ok) throw new ValidationError(schedule.reason);
  }
  return terms;
}
