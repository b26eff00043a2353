import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateApiTokenRequest } from '../../../contract/schemas/access';
import { FormError } from '../../components/form-error';

export type ApiTokenFields = z.input<typeof CreateApiTokenRequest>;

/** A quarter: long enough for a script to be useful, short enough that a forgotten token ends by itself. */
const DEFAULT_DAYS = 90;

type Props = {
  busy: boolean;
  /** Resolves when the token is made (the form then empties); rejects when it was refused. */
  onSubmit: (fields: ApiTokenFields) => Promise<void>;
  /** The server's refusal of the last try. */
  failure: string | null;
};

/** "New API token": a name to know it by, how many days it lives, and whether it only reads (the default). */
export function ApiTokenForm({ busy, onSubmit, failure }: Props) {
  const id = useId();
  const { register, handleSubmit, reset, formState: { errors, isSubmitting } } = useForm<ApiTokenFields>({
    // The table's request schema checks the form, with the server's words.
    resolver: zodResolver(CreateApiTokenRequest),
    defaultValues: { name: '', expires_in_days: DEFAULT_DAYS, read_only: true },
  });
  const submit = handleSubmit(async (fields) => {
    await onSubmit(fields).then(() => reset(), () => undefined);
  });
  const waiting = busy || isSubmitting;
  const note = (field: 'name' | 'expires_in_days', label: string, help: string) =>
    errors[field]
      ? <div id={`${id}-${field}-note`} className="invalid-feedback">{label} {errors[field].message}.</div>
      : <div id={`${id}-${field}-note`} className="form-text">{help}</div>;

  return (
    <form className="d-grid gap-3" onSubmit={submit} noValidate aria-label="New API token">
      <div>
        <label htmlFor={`${id}-name`} className="form-label">Name <span className="text-danger" aria-hidden="true">*</span></label>
        <input id={`${id}-name`} className={`form-control${errors.name ? ' is-invalid' : ''}`} autoComplete="off" required
          aria-invalid={Boolean(errors.name)} aria-describedby={`${id}-name-note`} {...register('name')} />
        {note('name', 'Name', 'What uses it, so you know which to revoke: "Spreadsheet import", "Claude on my laptop".')}
      </div>
      <div>
        <label htmlFor={`${id}-days`} className="form-label">Expires in (days)</label>
        <input id={`${id}-days`} type="number" inputMode="numeric" min={1} max={366} step={1}
          className={`form-control${errors.expires_in_days ? ' is-invalid' : ''}`} style={{ maxWidth: '10rem' }}
          aria-invalid={Boolean(errors.expires_in_days)} aria-describedby={`${id}-expires_in_days-note`}
          {...register('expires_in_days', { valueAsNumber: true })} />
        {note('expires_in_days', 'Expires in', 'From 1 to 366 days. It stops working then; make a new one if you still need it.')}
      </div>
      <div className="form-check">
        <input id={`${id}-read-only`} type="checkbox" className="form-check-input" aria-describedby={`${id}-read-only-note`}
          {...register('read_only')} />
        <label htmlFor={`${id}-read-only`} className="form-check-label">Read-only</label>
        <div id={`${id}-read-only-note`} className="form-text">
          It reads what you can read and changes nothing. Without it, it may also make the changes you may make.
        </div>
      </div>
      <FormError message={failure} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={waiting}>
          {waiting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Create token
        </button>
      </div>
    </form>
  );
}
