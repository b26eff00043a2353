import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import type * as RoutedAppModule from './app/routed-app';
import { Brand } from './components/brand';
import { LoginPage } from './features/auth/login-page';
import { callRoute, setSessionEndHandler } from './lib/api-client';
import { ManifestProvider } from './lib/manifest';
import { signedInPage, startEarlyReads, type EarlyReads } from './lib/early-reads';
import { startTokenRenewal } from './lib/session';
import { sessionCalls } from './lib/session-calls';

type RoutedApp = typeof RoutedAppModule;
const loadRoutedApp = (): Promise<RoutedApp> => import('./app/routed-app');

/**
 * The page of an address, fetched beside the routed app instead of after it: the router asks for the
 * same module once it runs, and finds it loaded (docs/performance.md: on a phone, a round trip less before
 * the investor's figures show).
 */
function preloadPage(path: string): void {
  const page = path.startsWith('/investor') ? import('./features/investor/investor-page')
    : path.startsWith('/admin') ? import('./features/admin/admin-page') : null;
  void page?.catch(() => undefined); // the router's own import reports a failure
}

let earlyReads: { reads: EarlyReads | null } | undefined;

// Until the routed app loads, a session can end only on the sign-in screen: nothing to leave or forget.
setSessionEndHandler(() => undefined);
startTokenRenewal(() => callRoute(sessionCalls.renew).then((r) => r.access_token));

/**
 * "/" shows the sign-in screen by itself: React, the screen and the API client, without the router,
 * the query cache and the endpoint table with its zod schemas (docs/performance.md: the login route loads at most
 * 100 KB of JavaScript). Any other address, or leaving the sign-in screen, loads the routed app, which
 * from then on shows every screen, the sign-in screen included.
 */
function Entry() {
  const [signInFirst] = useState(() => window.location.pathname === '/');
  const [app, setApp] = useState<RoutedApp | null>(null);

  // Any address but "/": once the first screen is painted, the app, its page and the page's first
  // reads, all asked at once (docs/performance.md).
  useEffect(() => {
    if (signInFirst) return;
    // Once, though a development build runs an effect twice.
    const early = (earlyReads ??= { reads: startEarlyReads(window.location.pathname) }).reads;
    preloadPage(window.location.pathname);
    void loadRoutedApp().then((loaded) => {
      if (early) loaded.answeredAlready(early);
      setApp(loaded);
    });
  }, [signInFirst]);

  // The faded-out sign-in screen stays until the router has gone to the page and loaded it, as it did
  // inside the router. Should the app fail to load, the browser goes there itself and loads it anew.
  const leaveSignIn = useCallback((path: string) => {
    preloadPage(path);
    loadRoutedApp()
      .then(async (loaded) => {
        await loaded.router.navigate(path);
        setApp(loaded);
      })
      .catch(() => window.location.assign(path));
  }, []);

  if (app) return <app.RoutedApp />;
  return signInFirst ? <LoginPage navigate={leaveSignIn} /> : signedInPage(window.location.pathname) ? <SignedInShell /> : null;
}

/**
 * A signed-in address until the app has loaded: the navigation bar as it will look, with the portal's
 * name, so the first paint comes with this entry rather than a download later (docs/performance.md).
 */
function SignedInShell() {
  return (
    <nav className="navbar navbar-expand bg-white border-bottom shadow-sm" aria-label="Main">
      <div className="container-xl flex-wrap gap-2">
        <span className="navbar-brand fw-semibold">
          <Brand logoHeight={32} />
        </span>
      </div>
    </nav>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ManifestProvider>
      <Entry />
    </ManifestProvider>
  </StrictMode>,
);
