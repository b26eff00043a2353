import type { AdminHelpersResponse } from '../../../../contract/admin';
import type { FieldOption, FieldSpec } from '../../../components/record-form';

/** What every admin form receives from the page. */
export type AdminFormProps = {
  helpers: AdminHelpersResponse;
  /** Re-fetches the helper lists (after an investor, property, LLC, loren or category is added). */
  onChanged: () => void;
  /** The loren_name selector is shown (manifest loren flag or loren selector, portal-spec §2). */
  showLoren: boolean;
};

/** Field builders, so each form reads as its list of fields. */
export const text = (name: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name, label, kind: 'text', required: true, ...extra,
});
export const money = (name: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name, label, kind: 'number', required: true, ...extra,
});
export const date = (name: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name, label, kind: 'date', required: true, ...extra,
});
export const select = (
  name: string,
  label: string,
  options: readonly (string | FieldOption)[],
  placeholder: string,
  extra: Partial<FieldSpec> = {},
): FieldSpec => ({ name, label, kind: 'select', required: true, options, placeholder, ...extra });

/** The optional loren selector of the property income, expense, deposit and land-contract forms. */
export const lorenField = (helpers: AdminHelpersResponse): FieldSpec =>
  select('loren_name', 'Loren', helpers.loren_list, 'None', { required: false });

/** A month field's hint: the server files the entry under the month of the date given. */
export const FOR_MONTH_HINT = 'Any day in the month the entry belongs to.';

/** Fee choices of portal-spec §5: 0% to 50% in 5% steps, values "0.0", "0.05" … "0.50". */
export const FEE_OPTIONS: readonly FieldOption[] = Array.from({ length: 11 }, (_, i) => ({
  value: i === 0 ? '0.0' : `0.${String(i * 5).padStart(2, '0')}`,
  label: `${i * 5}%`,
}));

const PROPERTY_TYPE_LABELS: Record<string, string> = { rental: 'Rental', land_contract: 'Land contract', other: 'Other' };
export const propertyTypeOptions = (types: readonly string[]): FieldOption[] =>
  types.map((t) => ({ value: t, label: PROPERTY_TYPE_LABELS[t] ?? t }));

export const CATEGORY_SCOPE_OPTIONS: readonly FieldOption[] = [
  { value: 'income', label: 'Income' },
  { value: 'property_expense', label: 'Property expense' },
  { value: 'llc_expense', label: 'LLC expense' },
];

/** An optional field left empty is not sent. */
export const optional = (value: string | undefined): string | undefined => (value ? value : undefined);

/** Keeps only the fields that exist on this form (the loren selector may be hidden). */
export const when = (cond: boolean, field: FieldSpec): FieldSpec[] => (cond ? [field] : []);
