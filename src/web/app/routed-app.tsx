// Every screen, with the router and the query cache. main.tsx loads this as soon as the user is
// anywhere but the sign-in screen at "/", which it shows without them (issue 12).
import { RouterProvider } from 'react-router';
import { setSessionEndHandler } from '../lib/api-client';
import { AppProviders, queryClient } from './providers';
import { router } from './router';

export { router };

// A session that ends (401 or 422, portal-spec §4) leaves nothing it read behind, and goes to /.
setSessionEndHandler(() => {
  queryClient.clear();
  void router.navigate('/');
});

export function RoutedApp() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
