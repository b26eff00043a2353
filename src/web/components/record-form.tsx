import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormError } from './form-error';

/**
 * The one form of the back office, driven by a field list (portal-spec §4, §5; ui.md "Forms").
 * Required fields are checked before anything is sent: a missing one sends no request, logs the spec's
 * console message and shows it beside the form. A success raises the spec's alert and resets every field;
 * a failure shows the server's plain-words message beside the form. Values are the strings typed: money
 * goes to the server as decimal text and is never turned into a float here.
 */
export type FieldKind = 'text' | 'textarea' | 'number' | 'integer' | 'date' | 'month' | 'select';
export type FieldOption = { value: string; label: string };
export type FormValues = Record<string, string>;

export type FieldSpec = {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  /** Choices of a select: names from the books, or value/label pairs. */
  options?: readonly (string | FieldOption)[];
  /** The empty choice of a select ("Select a property"), or an input's example text. */
  placeholder?: string;
  /** A short line under the field, announced with it. */
  hint?: string;
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

export type FormSection = {
  id: string;
  title: string;
  /** Whether the section exists for the current values (e.g. only for land-contract properties). */
  visible: (values: FormValues) => boolean;
  hint?: string;
};

export const FILL_ALL_FIELDS = 'Please fill in all fields.';
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';

type Props = {
  /** Prefix of the control ids; unique on the page. */
  id: string;
  fields: readonly FieldSpec[];
  sections?: readonly FormSection[];
  /** Values a reset returns to (empty unless given). */
  defaults?: FormValues;
  submitLabel: string;
  /** Sends the request; resolves to the success text that the alert shows. */
  onSubmit: (values: FormValues) => Promise<string>;
  onSuccess?: () => void;
  /** Called after a field changes; `patch` sets other fields (e.g. notes loaded for a property). */
  onFieldChange?: (name: string, value: string, patch: (values: FormValues) => void) => void;
  /** What a submit with a required field empty says, and whether it says it in an alert. */
  incomplete?: { message: string; alert?: boolean };
  /**
   * Checks run once every required field is filled; a message refuses the submit like a missing field
   * does (console message and beside the form, no request), e.g. a withdrawal over its maximum.
   */
  validate?: (values: FormValues) => string | null;
  children?: ReactNode;
};

const blank = (fields: readonly FieldSpec[], defaults: FormValues): FormValues =>
  Object.fromEntries(fields.map((f) => [f.name, defaults[f.name] ?? '']));

const option = (o: string | FieldOption): FieldOption => (typeof o === 'string' ? { value: o, label: o } : o);

export function RecordForm({
  id,
  fields,
  sections = [],
  defaults = {},
  submitLabel,
  onSubmit,
  onSuccess,
  onFieldChange,
  incomplete = { message: FILL_ALL_FIELDS },
  validate,
  children,
}: Props) {
  const [values, setValues] = useState<FormValues>(() => blank(fields, defaults));
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  const patch = useCallback((p: FormValues) => setValues((v) => ({ ...v, ...p })), []);

  const sectionShown = (name: string | undefined) =>
    !name || (sections.find((s) => s.id === name)?.visible(values) ?? false);

  const change = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    onFieldChange?.(name, value, patch);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return;
    const missing = fields.some(
      (f) => f.required && sectionShown(f.section) && (values[f.name] ?? '').trim() === '',
    );
    if (missing) {
      if (incomplete.alert) window.alert(incomplete.message);
      else console.log(incomplete.message);
      setError(incomplete.message);
      return;
    }
    const refused = validate?.(values) ?? null;
    if (refused) {
      console.log(refused);
      setError(refused);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const message = await onSubmit(values);
      setValues(blank(fields, defaults));
      setOpen({});
      window.alert(message);
      onSuccess?.();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      console.error(message);
      setError(message);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const control = (f: FieldSpec) => {
    const controlId = `${id}-${f.name.replace(/_/g, '-')}`;
    const hintId = f.hint ? `${controlId}-hint` : undefined;
    const common = {
      id: controlId,
      name: f.name,
      required: f.required,
      disabled: f.disabled || busy,
      value: values[f.name] ?? '',
      'aria-describedby': hintId,
    };
    const onChange = (e: { target: { value: string } }) => change(f.name, e.target.value);
    let input: ReactNode;
    switch (f.kind) {
      case 'select':
        input = (
          <select {...common} className="form-select" onChange={onChange}>
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
        input = <textarea {...common} className="form-control" rows={4} maxLength={f.maxLength} onChange={onChange} />;
        break;
      case 'number':
        input = (
          <div className="input-group">
            <span className="input-group-text" aria-hidden="true">
              $
            </span>
            <input {...common} type="number" className="form-control money-input" step="0.01" min={f.min ?? '0.01'}
              max={f.max} inputMode="decimal" placeholder="0.00" onChange={onChange} />
          </div>
        );
        break;
      case 'integer':
        input = <input {...common} type="number" className="form-control" step="1" min="0" inputMode="numeric"
            placeholder={f.placeholder} onChange={onChange} />;
        break;
      case 'date':
        input = (
          <input {...common} type="date" className="form-control" min={f.min ?? DATE_MIN} max={f.max ?? DATE_MAX}
            onChange={onChange} />
        );
        break;
      case 'month':
        input = <input {...common} type="month" className="form-control" min="1900-01" max="2099-12" placeholder="YYYY-MM" onChange={onChange} />;
        break;
      default:
        input = (
          <input {...common} type="text" className="form-control" inputMode={f.inputMode} maxLength={f.maxLength}
            placeholder={f.placeholder} autoComplete={f.autoComplete ?? 'off'} onChange={onChange} />
        );
    }
    return (
      <div key={f.name} className={f.wide || f.kind === 'textarea' ? 'col-12' : 'col-12 col-md-6'}>
        <label htmlFor={controlId} className="form-label">
          {f.label}
          {f.required && (
            <span className="text-danger ms-1" aria-hidden="true">
              *
            </span>
          )}
        </label>
        {input}
        {f.hint && (
          <div id={hintId} className="form-text">
            {f.hint}
          </div>
        )}
      </div>
    );
  };

  const main = fields.filter((f) => !f.section);
  return (
    <form id={id} onSubmit={submit} noValidate aria-busy={busy} className="record-form">
      <p className="small text-secondary mb-3">
        Fields marked <span className="text-danger">*</span> are required.
      </p>
      <div className="row g-3">
        {main.map(control)}
        {sections
          .filter((s) => s.visible(values))
          .map((s) => {
            const bodyId = `${id}-${s.id}`;
            const isOpen = open[s.id] ?? false;
            return (
              <div key={s.id} className="col-12">
                <div className="form-section border rounded-3">
                  <button type="button" className="btn form-section-toggle w-100 text-start d-flex align-items-center gap-2"
                    aria-expanded={isOpen} aria-controls={bodyId} onClick={() => setOpen((o) => ({ ...o, [s.id]: !isOpen }))}>
                    <span className="form-section-caret" aria-hidden="true">
                      {isOpen ? '▾' : '▸'}
                    </span>
                    <span className="fw-semibold">{s.title}</span>
                    <span className="small text-secondary">(optional)</span>
                  </button>
                  <div id={bodyId} className="px-3 pb-3" hidden={!isOpen}>
                    {s.hint && <p className="small text-secondary mb-3">{s.hint}</p>}
                    <div className="row g-3">{fields.filter((f) => f.section === s.id).map(control)}</div>
                  </div>
                </div>
              </div>
            );
          })}
        {children}
        {error && (
          <div className="col-12">
            <FormError message={error} />
          </div>
        )}
        <div className="col-12 pt-1">
          <button type="submit" className="btn btn-primary px-4" disabled={busy}>
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {submitLabel}
          </button>
        </div>
      </div>
    </form>
  );
}
