import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import { router } from './app/router';
import { renewToken } from './features/auth/auth-api';
import { setSessionEndHandler } from './lib/api-client';
import { ManifestProvider } from './lib/manifest';
import { startTokenRenewal } from './lib/session';

setSessionEndHandler(() => void router.navigate('/'));
startTokenRenewal(renewToken);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ManifestProvider>
      <RouterProvider router={router} />
    </ManifestProvider>
  </StrictMode>,
);
