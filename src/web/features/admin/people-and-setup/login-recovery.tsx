import { useState } from 'react';
import { flushSync } from 'react-dom';
import { endpoints } from '../../../../contract/endpoints';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/api-client';
import { useEndpointMutation } from '../../../lib/queries';
import { NameActionForm } from './name-action-form';

/**
 * An investor who lost a password or the phone with their authenticator app gets back in through the
 * admin: a new password, shown once here to pass on, or two-factor sign-in turned off.
 * Either ends the login's open sessions; both are in the audit log. Each asks to be confirmed first.
 */
const CHOOSE_FIRST = 'Please select a portal user.';

type Mode = 'password' | 'totp';
const WORDS: Record<Mode, { submit: string; hint: string; title: string; question: (name: string) => string; confirm: string }> = {
  password: {
    submit: 'Set a new password',
    hint: 'A new random password, shown once here for you to give the investor; any wait after failed sign-ins ends. They can change it on their Account page.',
    title: 'Set a new password',
    question: (name) => `Set a new password for the login of ${name}? The current password stops working and open sessions end.`,
    confirm: 'Set new password',
  },
  totp: {
    submit: 'Turn off two-factor',
    hint: 'For a lost phone: the next sign-in asks for the password only, and the investor can set up a new authenticator app from their Account page.',
    title: 'Turn off two-factor sign-in',
    question: (name) => `Turn off two-factor sign-in for the login of ${name}? Open sessions end.`,
    confirm: 'Turn off',
  },
};

export function LoginRecovery({ users, mode }: { users: readonly string[]; mode: Mode }) {
  const words = WORDS[mode];
  const [name, setName] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [given, setGiven] = useState<{ name: string; password: string } | null>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const resetPassword = useEndpointMutation(endpoints.resetPortalUserPassword);
  const resetTotp = useEndpointMutation(endpoints.resetPortalUserTotp);
  const busy = resetPassword.isPending || resetTotp.isPending;

  const choose = (value: string) => {
    setName(value);
    setError(null);
  };

  const confirm = async () => {
    try {
      const body = { investor_name: name };
      let message: string;
      if (mode === 'password') {
        const answer = await resetPassword.mutateAsync({ body });
        message = answer.message;
        flushSync(() => setGiven({ name, password: answer.password }));
      } else {
        message = (await resetTotp.mutateAsync({ body })).message;
      }
      flushSync(() => {
        setConfirming(false);
        setCopied(null);
      });
      window.alert(message);
    } catch (err) {
      const message = errorText(err);
      console.error(message);
      flushSync(() => setConfirming(false));
      setError(message);
    }
  };

  const copy = (password: string) =>
    navigator.clipboard.writeText(password).then(() => setCopied('yes'), () => setCopied('failed'));

  return (
    <>
      <NameActionForm id={`login-recovery-${mode}`} label="Portal user" placeholder="Select a portal user" options={users} value={name}
        onChange={choose} onSubmit={() => setConfirming(true)} missing={CHOOSE_FIRST} onError={setError}
        submitLabel={words.submit} submitClass="btn-primary" busy={busy} hint={words.hint} error={error}>
        {given && (
          <div className="alert alert-success mb-0 d-flex flex-wrap align-items-center gap-2 investor-secret" role="status" data-testid="new-password">
            <span className="investor-secret-text">
              New password of {given.name}: <code className="user-select-all">{given.password}</code>
            </span>
            <button type="button" className="btn btn-sm btn-outline-success ms-auto" onClick={() => void copy(given.password)}>
              {copied === 'yes' ? 'Copied' : 'Copy password'}
            </button>
            {copied === 'failed' && <span className="small w-100">Copying is not allowed here: select the password and copy it.</span>}
          </div>
        )}
      </NameActionForm>
      <ConfirmDialog open={confirming} title={words.title} message={words.question(name)} confirmLabel={words.confirm}
        busy={busy} onConfirm={() => void confirm()} onCancel={() => setConfirming(false)} />
    </>
  );
}
