import { endpoints } from '../../../contract/endpoints';
import type { AdminHelpersResponse } from '../../../contract/schemas/admin-helpers';
import { ApiError, errorText } from '../../lib/api-client';
import { useEndpointQuery } from '../../lib/queries';

/** Every list the helpers call answers (docs/product.md "Screens", "Admin helper lists"), read from the contract. */
const HELPER_KEYS = Object.keys(endpoints.adminHelpers.response.shape) as (keyof AdminHelpersResponse)[];

export const EMPTY_HELPERS = Object.fromEntries(HELPER_KEYS.map((k) => [k, []])) as unknown as AdminHelpersResponse;

/** Keeps the lists that are arrays; a missing or odd one is logged as the spec's message. */
function normalise(data: unknown): AdminHelpersResponse {
  const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  if (HELPER_KEYS.some((k) => !Array.isArray(record[k]))) console.error('Unexpected response structure');
  const out: Record<string, unknown> = { ...EMPTY_HELPERS };
  for (const k of HELPER_KEYS) if (Array.isArray(record[k])) out[k] = record[k];
  return out as AdminHelpersResponse;
}

/** A refusal that is not the page's to report: 403 shows as forbidden, 401/422 are on the way to /. */
const quiet = (err: unknown) => err instanceof ApiError && [401, 403, 422].includes(err.status);

export type HelpersState =
  | { status: 'loading' }
  | { status: 'forbidden' }
  | { status: 'ready'; helpers: AdminHelpersResponse; error: string | null };

/**
 * GET /admin/get_admin_helpers, loaded again whenever a write adds a name to the lists (an investor,
 * property, LLC, loren or category: see lib/queries). 403 means a signed-in non-admin. `enabled: false`
 * (a role the endpoint table does not let call it) answers empty lists without asking.
 */
export function useAdminHelpers(enabled = true): HelpersState {
  const { data, error, isPending } = useEndpointQuery(endpoints.adminHelpers, undefined, {
    enabled,
    select: normalise,
    meta: { onError: (err) => !quiet(err) && console.error(errorText(err)) },
  });
  // A role the table does not let read the lists (the caller knows) works with empty ones: never asked, never refused.
  if (!enabled) return { status: 'ready', helpers: EMPTY_HELPERS, error: null };
  if (error instanceof ApiError && error.status === 403) return { status: 'forbidden' };
  if (error && quiet(error)) return { status: 'loading' };
  if (error) return { status: 'ready', helpers: data ?? EMPTY_HELPERS, error: `The admin lists could not be loaded: ${errorText(error)}` };
  if (isPending || !data) return { status: 'loading' };
  return { status: 'ready', helpers: data, error: null };
}
