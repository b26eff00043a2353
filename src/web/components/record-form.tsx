import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { BodyInput, Endpoint, Reply } from '../../contract/endpoint';
import { errorText } from '../lib/api-client';
import { useEndpointMutation } from '../lib/queries';
import { FormError } from './form-error';
import { RecordFormField, type FieldSpec } from './record-form-field';
import { RecordFormSection } from './record-form-section';

/**
 * The one form of the back office (docs/product.md "Screens" and "Look and feel", Forms): react-hook-form over a write of
 * the endpoint table, checked by that entry's request schema. Values are the text typed and go out as
 * that text (money as decimal text, never a float): the server's schema parses them.
 *
 * - Fields start empty, or at their `initial` value (today's date, this month).
 * - Required fields are those the schema refuses when empty or absent. A submit with one empty sends no
 *   request, logs the spec's message (or alerts it) and shows it beside the form; each empty field is
 *   marked beside itself ("Property is required.") and the first one takes the focus.
 * - `validate` refuses a submit the page can judge itself (a withdrawal over its maximum) the same way.
 * - `ask` may put a question before the request ("Is this right?" for an amount far above the
 *   usual): the form shows it with "Yes, save it" and "No, change it"; changing a field withdraws it.
 * - Otherwise the request goes (to the endpoint, or to `send`: a correction sends the same body inside
 *   its own). A success raises the server's success message as an alert and resets every field, then
 *   hands the answer and the body sent to `onSuccess` (the receipt); a refusal shows the server's
 *   plain-words message beside the form, and the fields the schema finds wrong (the same rules, so the
 *   same words) are marked.
 */
export type { FieldKind, FieldOption, FieldSpec } from './record-form-field';
export { DATE_MAX, DATE_MIN } from './record-form-field';
export type FormValues = Record<string, string>;

export type FormSection = {
  id: string;
  title: string;
  /** Whether the section exists for the current values (e.g. only for land-contract properties). */
  visible: (values: FormValues) => boolean;
  hint?: string;
};

export const FILL_ALL_FIELDS = 'Please fill in all fields.';

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
  /** Values a reset returns to, over the fields' own `initial` values (else empty). */
  defaults?: FormValues;
  submitLabel: string;
  /** One line above the fields: what the form records, in words a newcomer knows. */
  intro?: ReactNode;
  /** Whether the submit button can act yet (e.g. an LLC is chosen); by default it always can. */
  canSubmit?: (values: FormValues) => boolean;
  onSuccess?: (reply: Reply<E>, body: Record<string, unknown>) => void;
  /** Sends the checked body instead of the endpoint's write (a correction wraps it); answers the success message. */
  send?: (body: Record<string, unknown>) => Promise<{ message: string }>;
  /** A question to put before saving this body ("Is this right? …"), or null to save at once. */
  ask?: (body: Record<string, unknown>) => Promise<string | null>;
  /** Called after a field changes; `set` sets another field (e.g. the amount back to empty). */
  onFieldChange?: (name: string, value: string, set: (name: string, value: string) => void) => void;
  /** Values that arrived from the server for the current choice (an LLC's details): they fill their fields. */
  loaded?: FormValues | null;
  /** What a submit with a required field empty says, and whether it says it in an alert. */
  incomplete?: { message: string; alert?: boolean };
  /** Checks run once every required field is filled; a refusal stops the submit like a missing field does. */
  validate?: (values: FormValues) => Refusal | null;
  children?: ReactNode;
};

const accepts = (schema: z.ZodType | undefined, value: unknown): boolean => schema?.safeParse(value).success ?? true;
const fieldErrors = (errors: FieldErrors, names: string[]): string[] => names.filter((n) => errors[n]);

export function RecordForm<E extends FormEndpoint>({
  id,
  endpoint,
  fields,
  sections = [],
  defaults = {},
  submitLabel,
  intro,
  canSubmit,
  onSuccess,
  onFieldChange,
  loaded,
  incomplete = { message: FILL_ALL_FIELDS },
  validate,
  send,
  ask,
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

  /** Every field at its default or initial value (today's date), else empty: read anew at each reset. */
  const blank = (): FormValues => Object.fromEntries(fields.map((f) => [f.name, defaults[f.name] ?? f.initial?.() ?? '']));
  const form = useForm<FormValues, unknown, Record<string, unknown>>({
    defaultValues: blank(),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true, // the first missing field takes the focus
  });
  const { register, handleSubmit, reset, setValue, setError: markField, setFocus, watch, formState } = form;
  const values = watch();
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);
  /** The question put before saving, with the body it is about. */
  const [question, setQuestion] = useState<{ text: string; body: Record<string, unknown> } | null>(null);
  const [saving, setSaving] = useState(false);
  const questionRef = useRef<HTMLButtonElement>(null);
  const write = useEndpointMutation(endpoint);
  const busy = formState.isSubmitting || saving;
  const ready = canSubmit?.(values) ?? true;

  useEffect(() => {
    if (loaded) for (const [name, value] of Object.entries(loaded)) setValue(name, value);
  }, [loaded, setValue]);

  useEffect(() => {
    if (question) questionRef.current?.focus();
  }, [question]);

  const save = async (body: Record<string, unknown>) => {
    setError(null);
    try {
      const reply = send ? await send(body) : await write.mutateAsync({ body } as never);
      reset(blank());
      setOpen({});
      window.alert((reply as { message: string }).message);
      onSuccess?.(reply as Reply<E>, body);
    } catch (err) {
      const message = errorText(err);
      console.error(message);
      setError(message);
      for (const name of fieldErrors(schemaErrors.current, fields.map((f) => f.name))) {
        markField(name, { type: 'server', message });
      }
    }
  };

  const onValid = async (body: Record<string, unknown>) => {
    setError(null);
    setQuestion(null);
    const asked = ask ? await ask(body).catch(() => null) : null;
    if (asked) setQuestion({ text: asked, body });
    else await save(body);
  };

  /** "Yes, save it": the body the question was about goes as it is. */
  const confirmed = async () => {
    if (!question || busy) return;
    const { body } = question;
    setQuestion(null);
    setSaving(true);
    try {
      await save(body);
    } finally {
      setSaving(false);
    }
  };

  const onInvalid = (errors: FieldErrors<FormValues>) => {
    const first = Object.values(errors)[0];
    const message = typeof first?.message === 'string' ? first.message : incomplete.message;
    if (first?.type === 'required' && incomplete.alert) window.alert(message);
    else console.log(message);
    setError(message);
  };

  const errorId = `${id}-error`;
  const control = (f: FieldSpec) => {
    const fieldError = formState.errors[f.name];
    return (
      <RecordFormField key={f.name} spec={f} controlId={`${id}-${f.name.replace(/_/g, '-')}`} required={isRequired(f)}
        disabled={Boolean(f.disabled) || busy} formErrorId={errorId}
        problem={!fieldError ? null : fieldError.type === 'required' ? 'missing' : 'other'}
        registration={register(f.name, {
          onChange: (e: { target: { value: string } }) => {
            setQuestion(null); // a question is about the values it was asked of
            onFieldChange?.(f.name, e.target.value, (name, value) => setValue(name, value));
          },
        })} />
    );
  };

  return (
    <form id={id} onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)} noValidate aria-busy={busy} className="record-form">
      {intro && <p className="record-form-intro mb-2">{intro}</p>}
      <p className="small text-secondary mb-3">
        Fields marked <span className="text-danger">*</span> are required.
      </p>
      <div className="row g-3">
        {fields.filter((f) => !f.section).map(control)}
        {sections
          .filter((s) => s.visible(values))
          .map((s) => (
            <RecordFormSection key={s.id} id={`${id}-${s.id}`} title={s.title} hint={s.hint} open={open[s.id] ?? false}
              onToggle={() => setOpen((o) => ({ ...o, [s.id]: !(o[s.id] ?? false) }))}>
              {fields.filter((f) => f.section === s.id).map(control)}
            </RecordFormSection>
          ))}
        {children}
        {error && (
          <div className="col-12" id={errorId}>
            <FormError message={error} />
          </div>
        )}
        {question ? (
          <div className="col-12">
            <div className="record-form-question" role="alert" id={`${id}-question`}>
              <p className="fw-semibold mb-1">Is this right?</p>
              <p className="mb-2">{question.text}</p>
              <div className="d-flex flex-wrap gap-2">
                <button type="button" className="btn btn-primary" onClick={() => void confirmed()}>
                  Yes, save it
                </button>
                <button ref={questionRef} type="button" className="btn btn-outline-secondary" onClick={() => {
                  setQuestion(null);
                  if (fields.some((f) => f.name === 'amount')) setFocus('amount');
                }}>
                  No, change it
                </button>
              </div>
            </div>
          </div>
        ) : (
          <div className="col-12 pt-1">
            <button type="submit" className="btn btn-primary px-4" disabled={busy || !ready}>
              {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              {submitLabel}
            </button>
          </div>
        )}
      </div>
    </form>
  );
}
