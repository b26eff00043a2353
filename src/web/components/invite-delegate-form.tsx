import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { InviteDelegateRequest } from '../../contract/schemas/access';
import { FormError } from './form-error';

export type InviteDelegateFields = z.input<typeof InviteDelegateRequest>;

/**
 * The table's request schema checks the form. Its one rule across fields (figures, documents or both) has
 * no field of its own: it is shown on the first checkbox, which the second re-checks when it changes.
 */
const schemaResolver = zodResolver(InviteDelegateRequest) as unknown as Resolver<InviteDelegateFields>;
const resolver: Resolver<InviteDelegateFields> = async (values, context, options) => {
  const checked = await schemaResolver(values, context, options);
  const { '': across, ...errors } = checked.errors as Record<string, unknown>;
  return across ? { values: {}, errors: { ...errors, can_see_figures: across } as typeof checked.errors } : checked;
};

type Props = {
  busy: boolean;
  /** Resolves when invited (the form then empties); rejects with the message to show. */
  onSubmit: (fields: InviteDelegateFields) => Promise<void>;
  onCancel: () => void;
  /** The server's refusal of the last try. */
  failure: string | null;
};

/**
 * "Invite a delegate": their name, an optional e-mail address (with mail on, the invitation goes there;
 * otherwise a one-time secret is shown to pass on), and what they may see.
 */
export function InviteDelegateForm({ busy, onSubmit, onCancel, failure }: Props) {
  const id = useId();
  const { register, handleSubmit, reset, formState: { errors, isSubmitting } } = useForm<InviteDelegateFields>({
    resolver,
    defaultValues: { name: '', email: undefined, can_see_figures: true, can_see_documents: true },
  });
  const submit = handleSubmit(async (fields) => {
    await onSubmit(fields).then(() => reset(), () => undefined);
  });
  const waiting = busy || isSubmitting;
  const note = (field: 'name' | 'email', label: string, help: string) =>
    errors[field]
      ? <div id={`${id}-${field}-note`} className="invalid-feedback">{label} {errors[field].message}.</div>
      : <div id={`${id}-${field}-note`} className="form-text">{help}</div>;

  return (
    <form className="d-grid gap-3" onSubmit={submit} noValidate aria-label="Invite a delegate">
      <div>
        <label htmlFor={`${id}-name`} className="form-label">Name <span className="text-danger" aria-hidden="true">*</span></label>
        <input id={`${id}-name`} className={`form-control${errors.name ? ' is-invalid' : ''}`} autoComplete="off" required
          aria-invalid={Boolean(errors.name)} aria-describedby={`${id}-name-note`} {...register('name')} />
        {note('name', 'Name', 'Who they are: a spouse, an advisor, a family office.')}
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="form-label">E-mail address (optional)</label>
        <input id={`${id}-email`} type="email" className={`form-control${errors.email ? ' is-invalid' : ''}`} autoComplete="off"
          aria-invalid={Boolean(errors.email)} aria-describedby={`${id}-email-note`}
          {...register('email', { setValueAs: (v: string) => (v.trim() === '' ? undefined : v.trim()) })} />
        {note('email', 'E-mail address', 'When the portal sends e-mail, the invitation goes here; otherwise you get a secret to pass on.')}
      </div>
      <fieldset aria-describedby={`${id}-sees-note`}>
        <legend className="form-label fs-6 mb-1">They may see</legend>
        <div className="form-check">
          <input id={`${id}-figures`} type="checkbox" className={`form-check-input${errors.can_see_figures ? ' is-invalid' : ''}`}
            {...register('can_see_figures')} />
          <label htmlFor={`${id}-figures`} className="form-check-label">Figures (the summary, histories and statements)</label>
        </div>
        <div className="form-check">
          <input id={`${id}-documents`} type="checkbox" className="form-check-input"
            {...register('can_see_documents', { deps: ['can_see_figures'] })} />
          <label htmlFor={`${id}-documents`} className="form-check-label">Documents (K-1s, statements and letters shared with you)</label>
        </div>
        <div id={`${id}-sees-note`} className={errors.can_see_figures ? 'text-danger small mt-1' : 'form-text'}>
          {errors.can_see_figures?.message ?? 'A delegate only reads: they cannot change anything, consent or see bank details.'}
        </div>
      </fieldset>
      <FormError message={failure} />
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={waiting}>Invite</button>
        <button type="button" className="btn btn-link" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
