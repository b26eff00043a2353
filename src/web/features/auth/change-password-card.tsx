import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { endpoints } from '../../../contract/endpoints';
import { ChangePasswordRequest } from '../../../contract/schemas/auth';
import { FormError } from '../../components/form-error';
import { errorText } from '../../lib/api-client';
import { useEndpointMutation } from '../../lib/queries';

/** The form's own rule on top of the contract's: the new password typed twice, the same. */
const ChangePasswordForm = ChangePasswordRequest.extend({ confirm_password: z.string().min(1, 'Type the new password again.') })
  .refine((v) => v.new_password === v.confirm_password, { path: ['confirm_password'], message: 'The two new passwords differ.' });
type Fields = z.input<typeof ChangePasswordForm>;

const FIELDS: { name: keyof Fields; label: string; autoComplete: string; help?: string }[] = [
  { name: 'current_password', label: 'Current password', autoComplete: 'current-password' },
  { name: 'new_password', label: 'New password', autoComplete: 'new-password', help: 'At least 15 characters. A few unrelated words make a strong password.' },
  { name: 'confirm_password', label: 'New password, again', autoComplete: 'new-password' },
];

/** The Account page's first card: a signed-in person changes their password; their other sessions end. */
export function ChangePasswordCard() {
  const change = useEndpointMutation(endpoints.changePassword);
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState: { errors, isSubmitting } } = useForm<Fields>({
    resolver: zodResolver(ChangePasswordForm),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const submit = handleSubmit(async ({ current_password, new_password }) => {
    setDone(null);
    const answer = await change.mutateAsync({ body: { current_password, new_password } }).catch(() => null);
    if (answer) {
      reset();
      setDone(`${answer.message}. You stay signed in here; every other session has ended.`);
    }
  });

  return (
    <section className="card shadow-sm account-card" aria-labelledby="change-password-title">
      <form className="card-body d-grid gap-3" onSubmit={submit} noValidate>
        <h2 id="change-password-title" className="h5 mb-0">Change password</h2>
        {FIELDS.map((f) => (
          <div key={f.name}>
            <label htmlFor={`account-${f.name}`} className="form-label">{f.label}</label>
            <input id={`account-${f.name}`} type="password" autoComplete={f.autoComplete}
              className={`form-control${errors[f.name] ? ' is-invalid' : ''}`} aria-invalid={Boolean(errors[f.name])}
              aria-describedby={`account-${f.name}-note`} {...register(f.name)} />
            <div id={`account-${f.name}-note`} className={errors[f.name] ? 'invalid-feedback' : 'form-text'}>
              {errors[f.name]?.message ?? f.help}
            </div>
          </div>
        ))}
        <FormError message={change.isError ? errorText(change.error) : null} />
        {done && <div className="alert alert-success mb-0" role="status">{done}</div>}
        <div>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>Change password</button>
        </div>
      </form>
    </section>
  );
}
