import type { AdminHelpersResponse } from '../../../../contract/schemas/admin-helpers';
import type { EntryKind } from '../../../../contract/schemas/corrections';
import { CHOICES_OF_KIND } from '../../../../contract/bank-line-entry';
import { KIND_WORDS, type ChoicePatch, type LineChoice } from './line-choice';

/** The categories a kind's form offers: income, property expense or LLC expense categories; none for the others. */
export function categoriesOf(kind: EntryKind | '', helpers: AdminHelpersResponse): readonly string[] {
  const which = kind ? CHOICES_OF_KIND[kind].category : null;
  return which === 'income' ? helpers.property_income_categories
    : which === 'property_expense' ? helpers.property_expense_categories
    : which === 'llc_expense' ? helpers.llc_expense_categories : [];
}

/** Keeps a chosen name in the options even when the lists do not hold it (a rule naming an old category). */
const withValue = (options: readonly string[], value: string) => (value && !options.includes(value) ? [value, ...options] : options);

type Props = {
  id: string;
  /** Who the fields are for, in their labels: "line 4", or "the checked lines". */
  of: string;
  kinds: readonly EntryKind[];
  choice: Pick<LineChoice, 'kind' | 'property_name' | 'category' | 'investor_name'>;
  helpers: AdminHelpersResponse;
  onChange: (patch: ChoicePatch) => void;
  /** The bulk editor shows every field while no kind is chosen, the empty choice meaning "leave as is". */
  keepLabel?: string;
};

/**
 * The kind select and the selects its form asks for (CHOICES_OF_KIND): property, category, investor. The
 * line editor and "Apply to selected" share them.
 */
export function ChoiceFields({ id, of, kinds, choice, helpers, onChange, keepLabel }: Props) {
  const asks = choice.kind ? CHOICES_OF_KIND[choice.kind] : { property: Boolean(keepLabel), category: keepLabel ? 'any' : null, investor: false };
  const categories = categoriesOf(choice.kind, helpers);
  const select = (name: 'property_name' | 'category' | 'investor_name', label: string, options: readonly string[], empty: string) => (
    <div className="col-12 col-sm-6 col-xl-3">
      <label htmlFor={`${id}-${name}`} className="form-label small mb-1">{label}<span className="visually-hidden"> for {of}</span></label>
      <select id={`${id}-${name}`} className="form-select form-select-sm" value={choice[name]} onChange={(e) => onChange({ [name]: e.target.value })}>
        <option value="">{keepLabel ?? empty}</option>
        {withValue(options, choice[name]).map((o) => <option key={o} value={o}>{o}</option>)}
      </select>
    </div>
  );
  return (
    <>
      <div className="col-12 col-sm-6 col-xl-3">
        <label htmlFor={`${id}-kind`} className="form-label small mb-1">Records<span className="visually-hidden"> for {of}</span></label>
        <select id={`${id}-kind`} className="form-select form-select-sm" value={choice.kind} onChange={(e) => onChange({ kind: e.target.value as EntryKind | '' })}>
          <option value="">{keepLabel ?? 'Choose what it records'}</option>
          {kinds.map((k) => <option key={k} value={k}>{KIND_WORDS[k]}</option>)}
        </select>
      </div>
      {asks.property && select('property_name', 'Property', helpers.properties, 'Select a property')}
      {asks.category && select('category', 'Category', choice.kind ? categories : [...new Set([...helpers.property_income_categories,
        ...helpers.property_expense_categories, ...helpers.llc_expense_categories])], 'No category')}
      {asks.investor && select('investor_name', 'Investor', helpers.investors_list, 'Select an investor')}
    </>
  );
}
