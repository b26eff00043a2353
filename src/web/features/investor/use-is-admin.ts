import { runsTheBooks, useRole } from '../../lib/role';

/**
 * Whether the signed-in person runs the books (admin, bookkeeper or auditor: contract/roles.ts isStaff):
 * undefined until the check answers (the same read as the navigation bar's, so one request). A failed
 * check means not staff (docs/product.md "Screens").
 */
export function useIsAdmin(): boolean | undefined {
  const role = useRole();
  return role === undefined ? undefined : runsTheBooks(role);
}
