import { useState, type FormEvent } from 'react';
import { Brand } from '../../components/brand';
import { FormError } from '../../components/form-error';
import { useFadeOut } from '../../components/use-fade-out';
import { ApiError, callRoute } from '../../lib/api-client';
import { sessionCalls } from '../../lib/session-calls';
import { setToken } from '../../lib/session';
import { SecondFactor, type Challenge } from './second-factor';

const FAILED = 'Invalid credentials. Please try again.';

type Props = {
  /** Changes page after the fade: the router's navigate, or main.tsx's way into the app. */
  navigate: (path: string) => void;
  /** Empties what an earlier user's session read, before this user's token is stored. */
  forgetEarlierUser?: () => void;
};

/**
 * "/": sign in, or go to registration (docs/product.md "Screens", Login). Imports neither the router, nor the
 * query cache, nor the endpoint table: main.tsx shows it on its own, so the login route loads little
 * (docs/performance.md); inside the router it is RoutedLoginPage.
 */
export function LoginPage({ navigate, forgetEarlierUser }: Props) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const { fading, fadeTo } = useFadeOut(navigate);

  const signedIn = (accessToken: string) => {
    forgetEarlierUser?.(); // nothing read for an earlier user is shown to this one
    setToken(accessToken);
    fadeTo('/investor');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await callRoute(sessionCalls.login, { body: { username, password } }, { anonymous: true });
      if ('access_token' in answer) return signedIn(answer.access_token);
      // The password was right; a second factor comes first (docs/security.md A10).
      setChallenge('mfa_token' in answer ? { kind: 'mfa', token: answer.mfa_token } : { kind: 'setup', token: answer.setup_token });
      setPassword('');
      setBusy(false);
    } catch (err) {
      // Throttling has its own words; any other failure is the spec's one message.
      const shown = err instanceof ApiError && err.status === 429 ? err.message : FAILED;
      setError(shown);
      window.alert(shown === FAILED ? FAILED : `${FAILED} ${shown}`);
      setBusy(false);
    }
  };

  return (
    <main className={`auth-screen fade-page${fading ? ' fade-out' : ''}`}>
      <div className="card auth-card shadow-sm">
        <div className="card-body p-4">
          <div className="text-center mb-4">
            <Brand as="h1" logoHeight={48} />
          </div>
          {challenge ? (
            <SecondFactor challenge={challenge} onSignedIn={signedIn} onCancel={() => setChallenge(null)} />
          ) : (
          <form onSubmit={submit} className="d-grid gap-3">
            <div>
              <label htmlFor="login-username" className="form-label">
                Username
              </label>
              <input id="login-username" className="form-control" autoComplete="username" required
                value={username} onChange={(e) => setUsername(e.target.value)} />
            </div>
            <div>
              <label htmlFor="login-password" className="form-label">
                Password
              </label>
              <input id="login-password" type="password" className="form-control" autoComplete="current-password" required
                value={password} onChange={(e) => setPassword(e.target.value)} />
            </div>
            <FormError message={error} />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              SIGN IN
            </button>
            <button type="button" className="btn btn-outline-primary" onClick={() => fadeTo('/register')}>
              REGISTER
            </button>
          </form>
          )}
        </div>
      </div>
    </main>
  );
}
