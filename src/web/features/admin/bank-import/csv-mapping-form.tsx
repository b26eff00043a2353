import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DATE_FORMATS, type CsvMapping } from '../../../../contract/schemas/bank-import';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { previewStatement, type PreviewReply } from './bank-import-call';

type Sample = NonNullable<PreviewReply['csv']>;
type Values = {
  date: string; amounts: 'one' | 'two'; amount: string; debit: string; credit: string; payee: string; memo: string; reference: string;
  date_format: CsvMapping['date_format']; decimal_comma: boolean; reversed_signs: boolean;
};

const valuesOf = (m: CsvMapping | null): Values => ({
  date: m?.date ?? '', amounts: m?.debit || m?.credit ? 'two' : 'one', amount: m?.amount ?? '', debit: m?.debit ?? '', credit: m?.credit ?? '',
  payee: m?.payee ?? '', memo: m?.memo ?? '', reference: m?.reference ?? '', date_format: m?.date_format ?? 'YYYY-MM-DD',
  decimal_comma: m?.decimal_comma ?? false, reversed_signs: m?.reversed_signs ?? false,
});

/** The form's choices as the contract's mapping: a column left unchosen is left out. */
function mappingOf(v: Values): CsvMapping {
  const column = (name: string) => name || undefined;
  return {
    date: v.date, payee: column(v.payee), memo: column(v.memo), reference: column(v.reference),
    ...(v.amounts === 'one' ? { amount: column(v.amount) } : { debit: column(v.debit), credit: column(v.credit) }),
    date_format: v.date_format, decimal_comma: v.decimal_comma, reversed_signs: v.reversed_signs,
  };
}

type Props = { llc: string; account: string; file: File; csv: Sample; onRead: (reply: PreviewReply, file: File) => void; onCancel?: () => void };

/**
 * Which column of the bank's CSV holds what, beside the file's first rows; "Read the statement again"
 * sends the same file with the mapping, which the server keeps for the bank account.
 */
export function CsvMappingForm({ llc, account, file, csv, onRead, onCancel }: Props) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, watch, setError, formState: { errors, isSubmitting } } = useForm<Values>({ defaultValues: valuesOf(csv.mapping) });
  const amounts = watch('amounts');

  const onSubmit = async (v: Values) => {
    setFailure(null);
    if (!v.date) return setError('date', { message: 'Choose the column with the date.' });
    if (v.amounts === 'one' ? !v.amount : !v.debit && !v.credit) {
      return setError(v.amounts === 'one' ? 'amount' : 'debit', { message: 'Choose the column with the amounts.' });
    }
    try {
      onRead(await previewStatement({ llc_name: llc, bank_account: account, csv_mapping: mappingOf(v) }, file), file);
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  const column = (name: 'date' | 'amount' | 'debit' | 'credit' | 'payee' | 'memo' | 'reference', label: string, none = 'Not in the file') => (
    <div className="col-12 col-sm-6 col-lg-4">
      <label htmlFor={`${id}-${name}`} className="form-label">{label}</label>
      <select id={`${id}-${name}`} className={`form-select${errors[name] ? ' is-invalid' : ''}`} {...register(name)}
        aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}>
        <option value="">{none}</option>
        {csv.headers.map((h) => <option key={h} value={h}>{h}</option>)}
      </select>
      {errors[name] && <div id={`${id}-${name}-error`} className="invalid-feedback d-block">{errors[name].message}</div>}
    </div>
  );

  return (
    <form className="card report-card" noValidate aria-label="Map the columns" aria-busy={isSubmitting} onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <div className="card-header report-card-header">
        <h3 className="report-card-title">Map the columns</h3>
        <p className="report-card-subtitle mb-0">{file.name}: say which column holds what. The mapping is kept for next time.</p>
      </div>
      <div className="report-table-scroll" role="region" tabIndex={0} aria-label="First rows of the file" style={{ maxHeight: '16rem' }}>
        <table className="table table-sm table-striped mb-0 small">
          <thead><tr>{csv.headers.map((h) => <th key={h} scope="col" className="text-nowrap">{h}</th>)}</tr></thead>
          <tbody>
            {csv.rows.map((row, r) => (
              <tr key={r}>{csv.headers.map((h, c) => <td key={h} className="text-nowrap">{row[c] ?? ''}</td>)}</tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="card-body d-grid gap-3">
        <div className="row g-3">
          {column('date', 'Date column', 'Choose a column')}
          <div className="col-12 col-sm-6 col-lg-4">
            <label htmlFor={`${id}-date_format`} className="form-label">Date format</label>
            <select id={`${id}-date_format`} className="form-select" {...register('date_format')}>
              {DATE_FORMATS.map((f) => <option key={f} value={f}>{f}</option>)}
            </select>
          </div>
        </div>
        <fieldset>
          <legend className="form-label fs-6 mb-1">Amounts are in</legend>
          <div className="form-check form-check-inline">
            <input id={`${id}-one`} className="form-check-input" type="radio" value="one" {...register('amounts')} />
            <label htmlFor={`${id}-one`} className="form-check-label">One amount column</label>
          </div>
          <div className="form-check form-check-inline">
            <input id={`${id}-two`} className="form-check-input" type="radio" value="two" {...register('amounts')} />
            <label htmlFor={`${id}-two`} className="form-check-label">Debit and credit columns</label>
          </div>
        </fieldset>
        <div className="row g-3">
          {amounts === 'one' ? column('amount', 'Amount column', 'Choose a column') : <>{column('debit', 'Debit column (money out)')}{column('credit', 'Credit column (money in)')}</>}
          {column('payee', 'Payee column')}
          {column('memo', 'Memo column')}
          {column('reference', 'Reference column')}
        </div>
        <div className="d-grid gap-1">
          <div className="form-check">
            <input id={`${id}-comma`} className="form-check-input" type="checkbox" {...register('decimal_comma')} />
            <label htmlFor={`${id}-comma`} className="form-check-label">Decimal comma (1.234,56)</label>
          </div>
          <div className="form-check">
            <input id={`${id}-reversed`} className="form-check-input" type="checkbox" {...register('reversed_signs')} />
            <label htmlFor={`${id}-reversed`} className="form-check-label">Money out is shown positive (card statement)</label>
          </div>
        </div>
        <FormError message={failure} />
        <div className="d-flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Read the statement again
          </button>
          {onCancel && <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>Keep the preview</button>}
        </div>
      </div>
    </form>
  );
}
