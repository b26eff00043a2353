import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import { endpoints } from '../contract/endpoints';
import { AppProviders, queryClient } from './app/providers';
import { router } from './app/router';
import { call, setSessionEndHandler } from './lib/api-client';
import { startTokenRenewal } from './lib/session';

setSessionEndHandler(() => {
  queryClient.clear();
  void router.navigate('/');
});
startTokenRenewal(() => call(endpoints.renew).then((r) => r.access_token));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
