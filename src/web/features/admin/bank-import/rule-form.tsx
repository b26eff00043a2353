import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { endpoints } from '../../../../contract/endpoints';
import type { AdminHelpersResponse } from '../../../../contract/schemas/admin-helpers';
import { MONEY_IN_KINDS, MONEY_OUT_KINDS } from '../../../../contract/schemas/bank-import';
import type { EntryKind } from '../../../../contract/schemas/corrections';
import { CHOICES_OF_KIND } from '../../../../contract/bank-line-entry';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { useEndpointMutation } from '../../../lib/queries';
import { categoriesOf } from './choice-fields';
import { KIND_WORDS } from './line-choice';
import { ruleBody, type Rule } from './rule-body';

type Values = { match_text: string; kind: EntryKind | ''; property_name: string; category: string; investor_name: string; description: string };

/** A rule added, or one changed: the text it matches and the entry it proposes. */
export function RuleForm({ llc, rule, helpers, onDone }: { llc: string; rule: Rule | null; helpers: AdminHelpersResponse; onDone: (m: string) => void }) {
  const id = useId();
  const add = useEndpointMutation(endpoints.addBankRule);
  const change = useEndpointMutation(endpoints.changeBankRule);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, watch, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: { match_text: rule?.match_text ?? '', kind: rule?.kind ?? '', property_name: rule?.property_name ?? '', category: rule?.category ?? '',
      investor_name: rule?.investor_name ?? '', description: rule?.description ?? '' },
  });
  const kind = watch('kind');
  const asks = kind ? CHOICES_OF_KIND[kind] : null;

  const onSubmit = async (v: Values) => {
    setFailure(null);
    if (!v.kind) return setFailure('Choose what the rule records.');
    const fields = ruleBody({ ...v, kind: v.kind, position: rule?.position ?? 0 });
    try {
      const reply = rule ? await change.mutateAsync({ body: { id: rule.id, ...fields } }) : await add.mutateAsync({ body: { llc_name: llc, ...fields } });
      onDone(reply.message);
    } catch (err) {
      setFailure(errorText(err));
    }
  };
  const select = (name: 'property_name' | 'category' | 'investor_name', label: string, options: readonly string[], empty: string) => (
    <div className="col-12 col-sm-6">
      <label htmlFor={`${id}-${name}`} className="form-label">{label}</label>
      <select id={`${id}-${name}`} className="form-select" {...register(name)}>
        <option value="">{empty}</option>
        {options.map((o) => <option key={o} value={o}>{o}</option>)}
      </select>
    </div>
  );
  return (
    <form className="d-grid gap-2" noValidate aria-label={rule ? `Change the rule ${rule.match_text}` : 'Add a rule'} onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <div className="row g-2">
        <div className="col-12 col-sm-6">
          <label htmlFor={`${id}-text`} className="form-label">When the payee or memo holds</label>
          <input id={`${id}-text`} className={`form-control${errors.match_text ? ' is-invalid' : ''}`} maxLength={100}
            aria-invalid={errors.match_text ? true : undefined} {...register('match_text', { validate: (t) => t.trim() !== '' || 'Say what text to look for.' })} />
          {errors.match_text && <div className="invalid-feedback d-block">{errors.match_text.message}</div>}
        </div>
        <div className="col-12 col-sm-6">
          <label htmlFor={`${id}-kind`} className="form-label">Record it as</label>
          <select id={`${id}-kind`} className="form-select" {...register('kind')}>
            <option value="">Choose what it records</option>
            <optgroup label="Money in">{MONEY_IN_KINDS.map((k) => <option key={k} value={k}>{KIND_WORDS[k]}</option>)}</optgroup>
            <optgroup label="Money out">{MONEY_OUT_KINDS.map((k) => <option key={k} value={k}>{KIND_WORDS[k]}</option>)}</optgroup>
          </select>
        </div>
        {asks?.property && select('property_name', 'Property', helpers.properties, 'The account’s property')}
        {asks?.category && select('category', 'Category', categoriesOf(kind, helpers), 'No category')}
        {asks?.investor && select('investor_name', 'Investor', helpers.investors_list, 'Select an investor')}
        <div className="col-12">
          <label htmlFor={`${id}-description`} className="form-label">Description</label>
          <input id={`${id}-description`} className="form-control" maxLength={500} placeholder="The line’s payee and memo" {...register('description')} />
        </div>
      </div>
      <FormError message={failure} />
      <div><button type="submit" className="btn btn-sm btn-primary" disabled={isSubmitting}>{rule ? 'Save the rule' : 'Add the rule'}</button></div>
    </form>
  );
}
