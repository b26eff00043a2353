import { investorCalls } from '../../lib/investor-calls';
import { useEndpointQuery } from '../../lib/queries';

/**
 * Whether the signed-in person is an admin: undefined until the admin check answers (the same read as the
 * navigation bar's, so one request). A failed check means not an admin (docs/product.md "Screens").
 */
export function useIsAdmin(): boolean | undefined {
  const { data, isError } = useEndpointQuery(investorCalls.adminLevel, undefined, { select: (r) => r.admin_level });
  if (isError) return false;
  return data === undefined ? undefined : data > 0;
}
