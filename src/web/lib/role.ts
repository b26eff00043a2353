import type { Endpoint } from '../../contract/endpoint';
import { rolesOf } from '../../contract/endpoint';
import { isStaff, type Role } from '../../contract/roles';
import { investorCalls } from './investor-calls';
import { useEndpointQuery } from './queries';

/**
 * The signed-in person's role (contract/roles.ts), as GET /admin/get_admin_level answers it: the one read
 * the navigation bar, the landing and the admin page share. undefined until it answers; a failed check
 * reads as an investor's (docs/product.md "Screens": a failed check means "not an admin", silently).
 */
export function useRole(): Role | undefined {
  const { data, isError } = useEndpointQuery(investorCalls.adminLevel, undefined, { select: (r) => r.role });
  return isError ? 'investor' : data;
}

/** Whether the role runs the books (admin, bookkeeper, auditor): the back office opens for it. */
export const runsTheBooks = (role: Role | undefined): boolean => role !== undefined && isStaff(role);

/** Whether `role` may make the call: the endpoint table's roles (rolesOf), never a list of the web's own. */
export const mayCall = (role: Role | undefined, e: Endpoint): boolean => role !== undefined && rolesOf(e).includes(role);

/** Whether the signed-in person may make the call: false until the role is known. */
export function useMayCall(e: Endpoint): boolean {
  return mayCall(useRole(), e);
}
