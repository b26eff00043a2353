import { endpoints } from '../../../contract/endpoints';
import { useEndpointQuery } from '../../lib/queries';

/**
 * Whether the signed-in person is an admin: undefined until the admin check answers (the same read as the
 * navigation bar's, so one request). A failed check means not an admin (portal-spec §8).
 */
export function useIsAdmin(): boolean | undefined {
  const { data, isError } = useEndpointQuery(endpoints.adminLevel, undefined, { select: (r) => r.admin_level });
  if (isError) return false;
  return data === undefined ? undefined : data > 0;
}
