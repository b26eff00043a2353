import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { BodyInput, Endpoint, Reply } from '../../contract/endpoint';
import { errorText } from '../lib/api-client';
import { useEndpointMutation } from '../lib/queries';
import { FormError } from './form-error';

/**
 * The one form of the back office (portal-spec §4, §5; ui.md "Forms"): react-hook-form over a write of
 * the endpoint table, checked by that entry's request schema. Values are the text typed and go out as
 * that text (money as decimal text, never a float): the server's schema parses them.
 *
 * - Required fields are those the schema refuses when empty or absent. A submit with one empty sends no
 *   request, logs the spec's message (or alerts it) and shows it beside the form; the empty fields are marked.
 * - `validate` refuses a submit the page can judge itself (a withdrawal over its maximum) the same way.
 * - Otherwise the request goes. A success raises the server's success message as an alert and resets
 *   every field; a refusal shows the server's plain-words message beside the form, and the fields the
 *   schema finds wrong (the same rules, so the same words) are marked.
 */
export type FieldKind = 'text' | 'textarea' | 'number' | 'integer' | 'date' | 'month' | 'select';
export type FieldOption = { value: string; label: string };
export type FormValues = Record<string, string>;

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

/** A write of the table whose body is an object of fields. */
export type FormEndpoint = Endpoint & { method: 'POST'; body: z.ZodObject };
/** The field names of a write's body. */
export type FieldName<E extends FormEndpoint> = Extract<keyof BodyInput<E>, string>;

/** A refusal of the page's own: which field, and why. */
export type Refusal = { field: string; message: string };

type Props<E extends FormEndpoint> = {
  /** Prefix of the control ids; unique on the page. */
  id: string;
  /** The call the form makes; its request schema decides what is required and how the text is read. */
  endpoint: E;
  fields: readonly FieldSpec<FieldName<E>>[];
  sections?: readonly FormSection[];
  /** Values a reset returns to (empty unless given). */
  defaults?: FormValues;
  submitLabel: string;
  onSuccess?: (reply: Reply<E>) => void;
  /** Called after a field changes; `set` sets another field (e.g. the amount back to 0). */
  onFieldChange?: (name: string, value: string, set: (name: string, value: string) => void) => void;
  /** Values that arrived from the server for the current choice (an LLC's details): they fill their fields. */
  loaded?: FormValues | null;
  /** What a submit with a required field empty says, and whether it says it in an alert. */
  incomplete?: { message: string; alert?: boolean };
  /** Checks run once every required field is filled; a refusal stops the submit like a missing field does. */
  validate?: (values: FormValues) => Refusal | null;
  children?: ReactNode;
};

const option = (o: string | FieldOption): FieldOption => (typeof o === 'string' ? { value: o, label: o } : o);
const accepts = (schema: z.ZodType | undefined, value: unknown): boolean => schema?.safeParse(value).success ?? true;
const fieldErrors = (errors: FieldErrors, names: string[]): string[] => names.filter((n) => errors[n]);

export function RecordForm<E extends FormEndpoint>({
  id,
  endpoint,
  fields,
  sections = [],
  defaults = {},
  submitLabel,
  onSuccess,
  onFieldChange,
  loaded,
  incomplete = { message: FILL_ALL_FIELDS },
  validate,
  children,
}: Props<E>) {
  const shape = endpoint.body.shape as Record<string, z.ZodType | undefined>;
  const isRequired = (f: FieldSpec) => f.required ?? (!accepts(shape[f.name], undefined) && !accepts(shape[f.name], ''));
  const sectionShown = (values: FormValues, name: string | undefined) =>
    !name || (sections.find((s) => s.id === name)?.visible(values) ?? false);
  const shownFields = (values: FormValues) => fields.filter((f) => sectionShown(values, f.section));

  /** The body of the request: the text of each shown field; an optional one left empty is not sent. */
  const encode = (values: FormValues): Record<string, unknown> => {
    const body: Record<string, unknown> = {};
    for (const f of shownFields(values)) {
      const text = values[f.name] ?? '';
      if (text.trim() === '' && accepts(shape[f.name], undefined)) continue;
      body[f.name] = f.kind === 'integer' && text.trim() !== '' ? Number(text) : text;
    }
    return body;
  };

  /** What the request schema finds wrong in the last body checked, kept to mark the fields if the server refuses. */
  const schemaErrors = useRef<FieldErrors>({});
  const schemaResolver = zodResolver(endpoint.body, undefined, { raw: true }) as unknown as Resolver<Record<string, unknown>>;
  const resolver: Resolver<FormValues, unknown, Record<string, unknown>> = async (values, context, options) => {
    const missing = shownFields(values).filter((f) => isRequired(f) && (values[f.name] ?? '').trim() === '');
    if (missing.length > 0) {
      return { values: {}, errors: Object.fromEntries(missing.map((f) => [f.name, { type: 'required', message: incomplete.message }])) };
    }
    const refused = validate?.(values);
    if (refused) return { values: {}, errors: { [refused.field]: { type: 'validate', message: refused.message } } };
    const body = encode(values);
    const checked = await schemaResolver(body, context, options as never);
    schemaErrors.current = checked.errors;
    return { values: body, errors: {} };
  };

  /** Every field empty, or at its default. */
  const blank = (): FormValues => Object.fromEntries(fields.map((f) => [f.name, defaults[f.name] ?? '']));
  const form = useForm<FormValues, unknown, Record<string, unknown>>({
    defaultValues: blank(),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, reset, setValue, setError: markField, watch, formState } = form;
  const values = watch();
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);
  const write = useEndpointMutation(endpoint);
  const busy = formState.isSubmitting;

  useEffect(() => {
    if (loaded) for (const [name, value] of Object.entries(loaded)) setValue(name, value);
  }, [loaded, setValue]);

  const onValid = async (body: Record<string, unknown>) => {
    setError(null);
    try {
      const reply = await write.mutateAsync({ body } as never);
      reset(blank());
      setOpen({});
      window.alert((reply as { message: string }).message);
      onSuccess?.(reply);
    } catch (err) {
      const message = errorText(err);
      console.error(message);
      setError(message);
      for (const name of fieldErrors(schemaErrors.current, fields.map((f) => f.name))) {
        markField(name, { type: 'server', message });
      }
    }
  };

  const onInvalid = (errors: FieldErrors<FormValues>) => {
    const first = Object.values(errors)[0];
    const message = typeof first?.message === 'string' ? first.message : incomplete.message;
    if (first?.type === 'required' && incomplete.alert) window.alert(message);
    else console.log(message);
    setError(message);
  };

  const set = (name: string, value: string) => setValue(name, value);

  const control = (f: FieldSpec) => {
    const controlId = `${id}-${f.name.replace(/_/g, '-')}`;
    const hintId = f.hint ? `${controlId}-hint` : undefined;
    const required = isRequired(f);
    const invalid = Boolean(formState.errors[f.name]);
    const common = {
      id: controlId,
      required,
      disabled: f.disabled || busy,
      'aria-describedby': hintId,
      'aria-invalid': invalid || undefined,
      ...register(f.name, { onChange: (e: { target: { value: string } }) => onFieldChange?.(f.name, e.target.value, set) }),
    };
    const is = (base: string) => (invalid ? `${base} is-invalid` : base);
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
        input = <input {...common} type="month" className={is('form-control')} min="1900-01" max="2099-12" placeholder="YYYY-MM" />;
        break;
      default:
        input = (
          <input {...common} type="text" className={is('form-control')} inputMode={f.inputMode} maxLength={f.maxLength}
            placeholder={f.placeholder} autoComplete={f.autoComplete ?? 'off'} />
        );
    }
    return (
      <div key={f.name} className={f.wide || f.kind === 'textarea' ? 'col-12' : 'col-12 col-md-6'}>
        <label htmlFor={controlId} className="form-label">
          {f.label}
          {required && (
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
    <form id={id} onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)} noValidate aria-busy={busy} className="record-form">
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
