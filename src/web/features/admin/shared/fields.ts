import type { AdminHelpersResponse } from '../../../../contract/schemas/admin-helpers';
import { CATEGORY_SCOPES, type CategoryScope } from '../../../../contract/schemas/master-data';
import { FEE_CHOICES_BPS } from '../../../../contract/values/fee-fraction';
import { PROPERTY_TYPES, type PropertyType } from '../../../../contract/values/property-types';
import type { FieldOption, FieldSpec } from '../../../components/record-form';
import { thisMonthIso, todayIso } from '../../../lib/today';

/** What every admin panel receives from the page. */
export type AdminFormProps = {
  helpers: AdminHelpersResponse;
  /** The loren_name selector is shown (manifest loren flag or loren selector, docs/product.md "Screens"). */
  showLoren: boolean;
};

type Extra = Partial<Omit<FieldSpec, 'name' | 'label' | 'kind'>>;

/**
 * Field builders, so each form reads as its list of fields. Whether a field is required comes from the
 * request schema of the form's endpoint unless `required` says otherwise.
 */
export const text = <N extends string>(name: N, label: string, extra: Extra = {}): FieldSpec<N> => ({
  name, label, kind: 'text', ...extra,
});
export const money = <N extends string>(name: N, label: string, extra: Extra = {}): FieldSpec<N> => ({
  name, label, kind: 'number', ...extra,
});
export const date = <N extends string>(name: N, label: string, extra: Extra = {}): FieldSpec<N> => ({
  name, label, kind: 'date', ...extra,
});
/** A date whose likely answer is today (when the money moved): it starts at today's local date. */
export const dateToday = <N extends string>(name: N, label: string, extra: Extra = {}): FieldSpec<N> =>
  date(name, label, { initial: todayIso, ...extra });
/** A month picker ('YYYY-MM'); the server files the entry under that month. */
export const month = <N extends string>(name: N, label: string, extra: Extra = {}): FieldSpec<N> => ({
  name, label, kind: 'month', ...extra,
});
export const select = <N extends string>(
  name: N,
  label: string,
  options: readonly (string | FieldOption)[],
  placeholder: string,
  extra: Extra = {},
): FieldSpec<N> => ({ name, label, kind: 'select', options, placeholder, ...extra });

/** Fields many forms share, worded once. */
export const amount = money('amount', 'Amount');
export const description = (extra: Extra = { wide: true }) => text('description', 'Description', { maxLength: 500, ...extra });
export const property = (helpers: AdminHelpersResponse) =>
  select('property_name', 'Property', helpers.properties, 'Select a property');
export const investor = <N extends string>(helpers: AdminHelpersResponse, name: N) =>
  select(name, 'Investor', helpers.investors_list, 'Select an investor');
export const llc = <N extends string>(helpers: AdminHelpersResponse, name: N, extra: Extra = {}) =>
  select(name, 'LLC', helpers.llcs_list, 'Select an LLC', extra);
export const payer = (helpers: AdminHelpersResponse, placeholder = 'Select a payer') =>
  select('payer', 'Paid by', helpers.managers, placeholder);
export const category = <N extends string>(name: N, options: readonly string[]) =>
  select(name, 'Category', options, 'Select a category');

/**
 * The terms a newcomer to the books will not know, each in one line (the loren's words are the API
 * reference's: endpoints.addLoren).
 */
export const TERMS = {
  loren: 'A loren is a party income and expenses can be attributed to, e.g. a property manager or leasing partner.',
  landContract: 'A land contract sells the property on a contract: the buyer pays it off in installments.',
  rentalDeposit: 'A rental deposit is a security deposit held for a tenant: money owed back (a liability), not income.',
  depositDisposition: 'Returns a tenant’s security deposit, or applies it to costs: it leaves the deposits held, not the income.',
} as const;

/** The optional loren selector of the property income, expense, deposit and land-contract forms, when shown. */
export const lorenField = ({ helpers, showLoren }: AdminFormProps): FieldSpec<'loren_name'>[] =>
  showLoren ? [select('loren_name', 'Loren', helpers.loren_list, 'No loren', { hint: TERMS.loren })] : [];

/** 'For month': the month the entry belongs to, this month unless told otherwise. */
export const FOR_MONTH_HINT = 'The month the entry belongs to.';
export const forMonth = <N extends string>(name: N) => month(name, 'For month', { hint: FOR_MONTH_HINT, initial: thisMonthIso });

/** Fee choices of docs/product.md "Screens" from the contract's list: "0.0" (0%), "0.05" (5%) … "0.50" (50%). */
export const FEE_OPTIONS: readonly FieldOption[] = FEE_CHOICES_BPS.map((bps) => {
  const percent = bps / 100; // whole percents: 0, 5 … 50
  return { value: bps === 0 ? '0.0' : `0.${String(percent).padStart(2, '0')}`, label: `${percent}%` };
});

const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = { rental: 'Rental', land_contract: 'Land contract', other: 'Other' };
export const PROPERTY_TYPE_OPTIONS: readonly FieldOption[] = PROPERTY_TYPES.map((t) => ({ value: t, label: PROPERTY_TYPE_LABELS[t] }));

/**
 * What an expense category is used for, in the admin's words. The API also accepts 'income' (a category
 * of Add New Income), which is not an expense: income categories have their own form (Add Income Category).
 */
const EXPENSE_CATEGORY_USES: Record<Exclude<CategoryScope, 'income'>, string> = {
  property_expense: 'Property expenses (repairs, utilities, property tax…)',
  llc_expense: 'LLC expenses (filing fees, accounting, insurance…)',
};
export const EXPENSE_CATEGORY_USE_OPTIONS: readonly FieldOption[] = CATEGORY_SCOPES
  .filter((s): s is keyof typeof EXPENSE_CATEGORY_USES => s !== 'income')
  .map((s) => ({ value: s, label: EXPENSE_CATEGORY_USES[s] }));
