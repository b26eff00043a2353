import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** One field of a record form: what it is, how it is labelled, and what it starts with. */
export type FieldKind = 'text' | 'textarea' | 'number' | 'integer' | 'date' | 'month' | 'select';
export type FieldOption = { value: string; label: string };

export type FieldSpec<N extends string = string> = {
  name: N;
  label: string;
  kind: FieldKind;
  /** Whether it must be filled; by default, whether the request schema refuses it empty or absent. */
  required?: boolean;
  /** Choices of a select: names from the books, or value/label pairs. */
  options?: readonly (string | FieldOption)[];
  /** The empty choice of a select ("Select a property"), or an input's example text. */
  placeholder?: string;
  /** A short line under the field, announced with it. */
  hint?: string;
  /** The value it starts with and returns to after a submit (today's date), read each time; else empty. */
  initial?: () => string;
  /** Takes the whole row at desktop width (long text). Textareas always do. */
  wide?: boolean;
  disabled?: boolean;
  /** Belongs to a collapsible section of `sections` instead of the main grid. */
  section?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel' | 'url';
  /** Bounds of a number or date input (money defaults to min 0.01; dates to 1900–2099). */
  min?: string;
  max?: string;
  maxLength?: number;
  autoComplete?: string;
};

export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';
const MONTH_MIN = DATE_MIN.slice(0, 7);
const MONTH_MAX = DATE_MAX.slice(0, 7);

const option = (o: string | FieldOption): FieldOption => (typeof o === 'string' ? { value: o, label: o } : o);

type Props = {
  spec: FieldSpec;
  controlId: string;
  required: boolean;
  disabled: boolean;
  /** What is wrong with it: `missing` (marked beside it in words) or another refusal (marked, told beside the form). */
  problem: 'missing' | 'other' | null;
  /** The id of the refusal shown beside the form, which a marked field points to. */
  formErrorId: string;
  registration: UseFormRegisterReturn;
};

/**
 * A labelled control of the record form (docs/product.md "Look and feel", "Forms": label above, required marked, one line of help
 * under it). A missing field is marked beside itself: red outline, "… is required." under it, aria-invalid.
 */
export function RecordFormField({ spec: f, controlId, required, disabled, problem, formErrorId, registration }: Props) {
  const hintId = f.hint ? `${controlId}-hint` : undefined;
  const feedbackId = `${controlId}-feedback`;
  const describedBy = [hintId, problem === 'missing' ? feedbackId : problem ? formErrorId : undefined].filter(Boolean).join(' ');
  const common = {
    id: controlId,
    required,
    disabled,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': problem ? true : undefined,
    ...registration,
  };
  const is = (base: string) => (problem ? `${base} is-invalid` : base);
  let input: ReactNode;
  switch (f.kind) {
    case 'select':
      input = (
        <select {...common} className={is('form-select')}>
          <option value="">{f.placeholder ?? 'Select…'}</option>
          {(f.options ?? []).map(option).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'textarea':
      input = <textarea {...common} className={is('form-control')} rows={4} maxLength={f.maxLength} />;
      break;
    case 'number':
      input = (
        <div className="input-group has-validation">
          <span className="input-group-text" aria-hidden="true">
            $
          </span>
          <input {...common} type="number" className={is('form-control money-input')} step="0.01" min={f.min ?? '0.01'}
            max={f.max} inputMode="decimal" placeholder="0.00" />
        </div>
      );
      break;
    case 'integer':
      input = <input {...common} type="number" className={is('form-control')} step="1" min="0" inputMode="numeric"
          placeholder={f.placeholder} />;
      break;
    case 'date':
      input = <input {...common} type="date" className={is('form-control')} min={f.min ?? DATE_MIN} max={f.max ?? DATE_MAX} />;
      break;
    case 'month':
      input = <input {...common} type="month" className={is('form-control')} min={MONTH_MIN} max={MONTH_MAX} placeholder="YYYY-MM" />;
      break;
    default:
      input = (
        <input {...common} type="text" className={is('form-control')} inputMode={f.inputMode} maxLength={f.maxLength}
          placeholder={f.placeholder} autoComplete={f.autoComplete ?? 'off'} />
      );
  }
  return (
    <div className={f.wide || f.kind === 'textarea' ? 'col-12' : 'col-12 col-md-6'}>
      <label htmlFor={controlId} className="form-label">
        {f.label}
        {required && (
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {input}
      {problem === 'missing' && (
        <div id={feedbackId} className="invalid-feedback d-block">
          {f.label} is required.
        </div>
      )}
      {f.hint && (
        <div id={hintId} className="form-text">
          {f.hint}
        </div>
      )}
    </div>
  );
}
