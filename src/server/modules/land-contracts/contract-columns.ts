import type { LandContractTerms } from '../../domain/installment-sale.js';

/**
 * A property's land-contract columns as stored (null where not recorded): read by this module and by the
 * tax reports alike, so both see the same terms from the same SQL.
 */
export type ContractColumns = {
  saleDate: string | null;
  salePriceCents: number | null;
  downPaymentCents: number | null;
  adjustedBasisCents: number | null;
  rateBps: number | null;
  sellingExpensesCents: number | null;
  installmentCents: number | null;
  firstDueDate: string | null;
  graceDays: number;
  assumedMortgageCents: number;
  buyerName: string | null;
  buyerAddress: string | null;
};

/** The SELECT list of the columns above, for a query whose property table is named `p` (or unnamed: ''). */
export const contractColumns = (p = '') => {
  const c = p ? `${p}.` : '';
  return `${c}lc_sale_date AS "saleDate", ${c}lc_sale_price_cents AS "salePriceCents", ${c}lc_down_payment_cents AS "downPaymentCents",
    ${c}lc_adjusted_basis_cents AS "adjustedBasisCents", ${c}lc_rate_bps AS "rateBps", ${c}lc_selling_expenses_cents AS "sellingExpensesCents",
    ${c}lc_installment_cents AS "installmentCents", ${c}lc_first_due_date AS "firstDueDate", ${c}lc_grace_days AS "graceDays",
    ${c}lc_assumed_mortgage_cents AS "assumedMortgageCents", ${c}lc_buyer_name AS "buyerName", ${c}lc_buyer_address AS "buyerAddress"`;
};

/** The five tax terms and the mortgage, as the installment method reads them; null when the contract has none. */
export const taxTermsOf = (r: ContractColumns): LandContractTerms | null =>
  r.saleDate === null
    ? null
    : { saleDate: r.saleDate, salePriceCents: r.salePriceCents!, downPaymentCents: r.downPaymentCents!, adjustedBasisCents: r.adjustedBasisCents!,
        rateBps: r.rateBps!, sellingExpensesCents: r.sellingExpensesCents ?? 0, assumedMortgageCents: r.assumedMortgageCents };
