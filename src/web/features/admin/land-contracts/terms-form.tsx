import { useId, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { endpoints } from '../../../../contract/endpoints';
import type { LcScheduleResponse } from '../../../../contract/schemas/land-contracts';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { dollarsText } from '../../../lib/cents';
import { useEndpointMutation } from '../../../lib/queries';
import { bpsToPercent, percentToBps } from './rate-percent';

type Terms = LcScheduleResponse['terms'];

type Values = {
  lc_sale_date: string; lc_sale_price: string; lc_down_payment: string; lc_adjusted_basis: string; rate_percent: string;
  lc_selling_expenses: string; lc_installment: string; lc_first_due_date: string; lc_grace_days: string;
  lc_assumed_mortgage: string; lc_buyer_name: string; lc_buyer_address: string;
};

/** The form's text from the terms recorded (or empty, grace days 10, for a contract without terms). */
function valuesOf(t: Terms | null): Values {
  const money = (d: number | null | undefined) => (d === null || d === undefined ? '' : dollarsText(d));
  return {
    lc_sale_date: t?.sale_date ?? '', lc_sale_price: money(t?.sale_price), lc_down_payment: money(t?.down_payment),
    lc_adjusted_basis: money(t?.adjusted_basis), rate_percent: t ? bpsToPercent(t.rate_bps) : '',
    lc_selling_expenses: t?.selling_expenses ? money(t.selling_expenses) : '', lc_installment: money(t?.installment),
    lc_first_due_date: t?.first_due_date ?? '', lc_grace_days: String(t?.grace_days ?? 10),
    lc_assumed_mortgage: t?.assumed_mortgage ? money(t.assumed_mortgage) : '', lc_buyer_name: t?.buyer_name ?? '',
    lc_buyer_address: t?.buyer_address ?? '',
  };
}

const required = (label: string) => ({ validate: (v: string) => v.trim() !== '' || `${label} is required.` });

/**
 * Records or changes a contract's terms: the five tax terms, then the servicing terms (installment, first
 * due date, grace days, assumed mortgage, buyer). The rate is typed as a percent and sent in basis points.
 * A refusal shows by the button in the server's words, with every value as it was typed.
 */
export function TermsForm({ property, terms, onSaved, onCancel }: { property: string; terms: Terms | null; onSaved: (message: string) => void; onCancel?: () => void }) {
  const id = useId();
  const save = useEndpointMutation(endpoints.setLandContractTerms);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<Values>({ defaultValues: valuesOf(terms) });

  const onSubmit = async (v: Values) => {
    setFailure(null);
    const rate = percentToBps(v.rate_percent);
    if (rate === null) return setFailure('Interest rate: type a percent from 0 to 100 with at most two decimals, e.g. 7.5.');
    const grace = v.lc_grace_days.trim() === '' ? 10 : Number(v.lc_grace_days);
    if (!Number.isInteger(grace) || grace < 0 || grace > 60) return setFailure('Grace days must be a whole number from 0 to 60.');
    try {
      const reply = await save.mutateAsync({ body: {
        property_name: property, lc_sale_date: v.lc_sale_date, lc_sale_price: v.lc_sale_price.trim(), lc_down_payment: v.lc_down_payment.trim(),
        lc_adjusted_basis: v.lc_adjusted_basis.trim(), lc_rate_bps: rate, lc_selling_expenses: v.lc_selling_expenses.trim(),
        lc_installment: v.lc_installment.trim(), lc_first_due_date: v.lc_first_due_date, lc_grace_days: grace,
        lc_assumed_mortgage: v.lc_assumed_mortgage.trim(), lc_buyer_name: v.lc_buyer_name.trim(), lc_buyer_address: v.lc_buyer_address.trim(),
      } });
      onSaved(reply.message);
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  const field = (name: keyof Values, label: string, input: UseFormRegisterReturn, opts: { type?: string; hint?: string; wide?: boolean; inputMode?: 'decimal' | 'numeric' } = {}) => {
    const error = errors[name]?.message;
    const hintId = opts.hint ? `${id}-${name}-hint` : undefined;
    return (
      <div className={opts.wide ? 'col-12' : 'col-12 col-sm-6'}>
        <label htmlFor={`${id}-${name}`} className="form-label">{label}</label>
        <input id={`${id}-${name}`} type={opts.type ?? 'text'} inputMode={opts.inputMode} className={`form-control${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined} aria-describedby={hintId} {...input} />
        {error && <div className="invalid-feedback d-block">{error}</div>}
        {opts.hint && <div id={hintId} className="form-text">{opts.hint}</div>}
      </div>
    );
  };

  return (
    <form className="d-grid gap-3" noValidate aria-label={`Terms of ${property}`} onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <fieldset className="row g-2">
        <legend className="h6 mb-1">The sale (for the tax report)</legend>
        {field('lc_sale_date', 'Sale date', register('lc_sale_date', required('Sale date')), { type: 'date' })}
        {field('lc_sale_price', 'Sale price', register('lc_sale_price', required('Sale price')), { inputMode: 'decimal' })}
        {field('lc_down_payment', 'Down payment', register('lc_down_payment', required('Down payment')), { inputMode: 'decimal', hint: 'Paid at the sale; 0 when none.' })}
        {field('lc_adjusted_basis', 'Adjusted basis', register('lc_adjusted_basis', required('Adjusted basis')), { inputMode: 'decimal', hint: 'What the property cost less depreciation taken: the gain is the price over it.' })}
        {field('rate_percent', 'Interest rate (%)', register('rate_percent', required('Interest rate')), { inputMode: 'decimal', hint: 'A yearly percent, e.g. 7.5 for 7.5 %.' })}
        {field('lc_selling_expenses', 'Selling expenses (optional)', register('lc_selling_expenses'), { inputMode: 'decimal', hint: 'Commissions and closing costs the seller paid.' })}
      </fieldset>
      <fieldset className="row g-2">
        <legend className="h6 mb-1">Servicing the contract</legend>
        {field('lc_installment', 'Monthly installment (optional)', register('lc_installment'), { inputMode: 'decimal', hint: 'Principal and interest the buyer pays each month. With the first due date it makes the schedule.' })}
        {field('lc_first_due_date', 'First due date (optional)', register('lc_first_due_date'), { type: 'date', hint: 'Later installments fall on the same day of each month.' })}
        {field('lc_grace_days', 'Grace days', register('lc_grace_days'), { inputMode: 'numeric', hint: 'Days after a due date before a payment counts as late (0 to 60, usually 10).' })}
        {field('lc_assumed_mortgage', 'Assumed mortgage (optional)', register('lc_assumed_mortgage'), { inputMode: 'decimal', hint: 'A mortgage of the seller’s the buyer took over: part of the price, not owed to the seller.' })}
        {field('lc_buyer_name', 'Buyer’s name (optional)', register('lc_buyer_name'), { hint: 'Who the payoff letter and the year-end statement are addressed to.' })}
        {field('lc_buyer_address', 'Buyer’s address (optional)', register('lc_buyer_address'), { wide: true })}
      </fieldset>
      <FormError message={failure} />
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Save the terms
        </button>
        {onCancel && <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>Cancel</button>}
      </div>
    </form>
  );
}
