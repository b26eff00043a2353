import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import type * as RoutedAppModule from './app/routed-app';
import { LoginPage } from './features/auth/login-page';
import { callRoute, setSessionEndHandler } from './lib/api-client';
import { ManifestProvider } from './lib/manifest';
import { startTokenRenewal } from './lib/session';
import { sessionCalls } from './lib/session-calls';

type RoutedApp = typeof RoutedAppModule;
const loadRoutedApp = (): Promise<RoutedApp> => import('./app/routed-app');

// Until the routed app loads, a session can end only on the sign-in screen: nothing to leave or forget.
setSessionEndHandler(() => undefined);
startTokenRenewal(() => callRoute(sessionCalls.renew).then((r) => r.access_token));

/**
 * "/" shows the sign-in screen by itself: React, the screen and the API client, without the router,
 * the query cache and the endpoint table with its zod schemas (issue 12: the login route loads at most
 * 100 KB of JavaScript). Any other address, or leaving the sign-in screen, loads the routed app, which
 * from then on shows every screen, the sign-in screen included.
 */
function Entry() {
  const [signInFirst] = useState(() => window.location.pathname === '/');
  const [app, setApp] = useState<RoutedApp | null>(null);

  useEffect(() => {
    if (!signInFirst) void loadRoutedApp().then(setApp);
  }, [signInFirst]);

  // The faded-out sign-in screen stays until the router has gone to the page and loaded it, as it did
  // inside the router. Should the app fail to load, the browser goes there itself and loads it anew.
  const leaveSignIn = useCallback((path: string) => {
    loadRoutedApp()
      .then(async (loaded) => {
        await loaded.router.navigate(path);
        setApp(loaded);
      })
      .catch(() => window.location.assign(path));
  }, []);

  if (app) return <app.RoutedApp />;
  return signInFirst ? <LoginPage navigate={leaveSignIn} /> : null;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ManifestProvider>
      <Entry />
    </ManifestProvider>
  </StrictMode>,
);
