// Every screen, with the router and the query cache. main.tsx loads this as soon as the user is
// anywhere but the sign-in screen at "/", which it shows without them (docs/performance.md).
import { RouterProvider } from 'react-router';
import { isStaff } from '../../contract/roles';
import { investorCalls } from '../lib/investor-calls';
import { setSessionEndHandler } from '../lib/api-client';
import type { EarlyReads } from '../lib/early-reads';
import { queryKeyOf } from '../lib/queries';
import { AppProviders, queryClient } from './providers';
import { router } from './router';

export { router };

// A session that ends (401 or 422, docs/product.md "Screens") leaves nothing it read behind, and goes to /.
setSessionEndHandler(() => {
  queryClient.clear();
  void router.navigate('/');
});

/**
 * The first reads main.tsx asked before this module had loaded (lib/early-reads.ts, docs/performance.md):
 * the queries take those answers instead of asking once the page has rendered.
 */
export function answeredAlready({ adminLevel, investorSummary }: EarlyReads): void {
  const adminKey = queryKeyOf(investorCalls.adminLevel);
  // Fresh for 5 s (from then on, every answer of the check), so the navigation bar and the page, which
  // mount next, take it rather than ask again at once.
  queryClient.setQueryDefaults(adminKey, { staleTime: 5_000 });
  void queryClient.prefetchQuery({ queryKey: adminKey, queryFn: () => adminLevel });
  if (!investorSummary) return;
  const { investorName, answer } = investorSummary;
  const summaryKey = queryKeyOf(investorCalls.investorSummary, { investor_name: investorName });
  // The page's query finds this one under way, or answered within 5 s, and takes it rather than ask
  // again; a refusal leaves it failed, and the page then asks itself and reports it, as before.
  const take = () => {
    queryClient.setQueryDefaults(summaryKey, { staleTime: 5_000 });
    void queryClient.prefetchQuery({ queryKey: summaryKey, queryFn: async () => (await answer) ?? Promise.reject(new Error('not asked')) });
  };
  // Staff's own /investor has no summary (contract/roles.ts isStaff): known once the check has answered, before the page asks.
  if (investorName !== undefined) take();
  else void adminLevel.then((r) => isStaff(r.role) || r.role === 'delegate' || take(), () => undefined);
}

export function RoutedApp() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
