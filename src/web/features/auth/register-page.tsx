import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error';
import { useFadeNavigate } from '../../components/use-fade-navigate';
import { callRoute, errorText } from '../../lib/api-client';
import { investorCalls } from '../../lib/investor-calls';
import { useManifest } from '../../lib/manifest';
import { setToken } from '../../lib/session';
import { isStaff, type Role } from '../../../contract/roles';

/** The first page's button after registering, by who registered. */
const LANDING_WORDS: Record<Role, string> = {
  investor: 'See my investments',
  delegate: 'See the investments I may read',
  admin: 'Open the back office',
  bookkeeper: 'Open the back office',
  auditor: 'Open the reports',
};

/**
 * "/register": create a login with the secret an administrator gave (docs/product.md "Screens", Registration).
 * A new login is signed in at once: the page says the account is ready and leads to
 * the investor's own page, instead of a bare sign-in screen asking for what was just typed.
 */
export function RegisterPage() {
  const { name } = useManifest();
  const client = useQueryClient();
  const [form, setForm] = useState({ username: '', password: '', secret: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState<{ username: string; role: Role; signedIn: boolean } | null>(null);
  const { fading, fadeTo } = useFadeNavigate();
  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { access_token, role } = await callRoute(investorCalls.register, { body: form }, { anonymous: true });
      client.clear(); // nothing read for an earlier user is shown to this one
      if (access_token) setToken(access_token);
      setReady({ username: form.username.trim(), role, signedIn: access_token !== undefined });
    } catch (err) {
      const message = errorText(err);
      setError(message);
      window.alert(`Registration failed: ${message}`);
      setBusy(false);
    }
  };

  return (
    <main className={`auth-screen fade-page${fading ? ' fade-out' : ''}`}>
      <div className="card auth-card shadow-sm">
        <div className="card-body p-4">
          <h1 className="h3 text-center mb-4">Welcome to {name}</h1>
          {ready !== null ? (
            <div className="d-grid gap-3 text-center" role="status">
              <h2 className="h5 mb-0">Your account is ready</h2>
              {ready.signedIn ? (
                <>
                  <p className="mb-0">
                    You are signed in as <strong>{ready.username}</strong>. Next time, sign in with this username and your password.
                  </p>
                  <button type="button" className="btn btn-primary" autoFocus onClick={() => fadeTo(isStaff(ready.role) ? '/admin' : '/investor')}>
                    {LANDING_WORDS[ready.role]}
                  </button>
                  <Link to="/account" className="small">Protect your sign-in with a code from your phone</Link>
                </>
              ) : (
                <>
                  <p className="mb-0">
                    Sign in as <strong>{ready.username}</strong> with your password. Staff sign in with a code from their
                    phone too, so the portal will help you set that up first.
                  </p>
                  <button type="button" className="btn btn-primary" autoFocus onClick={() => fadeTo('/')}>
                    Sign in
                  </button>
                </>
              )}
            </div>
          ) : (
          <form onSubmit={submit} className="d-grid gap-3">
            <div>
              <label htmlFor="register-username" className="form-label">
                Username
              </label>
              <input id="register-username" className="form-control" autoComplete="username" required
                value={form.username} onChange={set('username')} />
            </div>
            <div>
              <label htmlFor="register-password" className="form-label">
                Password
              </label>
              <input id="register-password" type="password" className="form-control" autoComplete="new-password" required
                aria-describedby="register-password-help" value={form.password} onChange={set('password')} />
              <div id="register-password-help" className="form-text">
                At least 15 characters. A few unrelated words make a strong password.
              </div>
            </div>
            <div>
              <label htmlFor="register-secret" className="form-label">
                Secret
              </label>
              <input id="register-secret" className="form-control" autoComplete="off" required
                aria-describedby="register-secret-help" value={form.secret} onChange={set('secret')} />
              <div id="register-secret-help" className="form-text">
                The one-time secret your administrator gave you.
              </div>
            </div>
            <FormError message={error} />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              REGISTER
            </button>
            <Link to="/" className="text-center small">
              Back to sign in
            </Link>
          </form>
          )}
        </div>
      </div>
    </main>
  );
}
