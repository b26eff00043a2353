import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminHelpersResponse } from '../../../contract/admin';
import { ApiError } from '../../lib/api-client';
import { getAdminHelpers } from './admin-api';

/** Every list the helpers call answers (portal-spec §3 "Admin helper lists"). */
const HELPER_KEYS = [
  'property_types',
  'property_expense_categories',
  'property_income_categories',
  'rental_properties',
  'loren_list',
  'land_contract_properties',
  'investors_list',
  'portal_users_list',
  'llcs_list',
  'llc_expense_categories',
  'properties',
  'tax_years',
  'managers',
] as const satisfies readonly (keyof AdminHelpersResponse)[];

export const EMPTY_HELPERS: AdminHelpersResponse = {
  property_types: [],
  property_expense_categories: [],
  property_income_categories: [],
  rental_properties: [],
  loren_list: [],
  land_contract_properties: [],
  investors_list: [],
  portal_users_list: [],
  llcs_list: [],
  llc_expense_categories: [],
  properties: [],
  tax_years: [],
  managers: [],
};

/** Keeps the lists that are arrays; a missing or odd one is logged once as the spec's message. */
function normalise(data: unknown): AdminHelpersResponse {
  const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  if (HELPER_KEYS.some((k) => !Array.isArray(record[k]))) console.error('Unexpected response structure');
  const out: Record<string, unknown> = { ...EMPTY_HELPERS };
  for (const k of HELPER_KEYS) if (Array.isArray(record[k])) out[k] = record[k];
  return out as AdminHelpersResponse;
}

export type HelpersState =
  | { status: 'loading' }
  | { status: 'forbidden' }
  | { status: 'ready'; helpers: AdminHelpersResponse; error: string | null };

/**
 * GET /admin/get_admin_helpers on load and on `refresh()` (after an investor, property, LLC, loren or
 * category is added). 401/422 go to / in the API client; 403 means a signed-in non-admin.
 */
export function useAdminHelpers(): { state: HelpersState; refresh: () => void } {
  const [state, setState] = useState<HelpersState>({ status: 'loading' });
  const latest = useRef(0);

  const refresh = useCallback(() => {
    const call = ++latest.current;
    getAdminHelpers().then(
      (data) => {
        if (call === latest.current) setState({ status: 'ready', helpers: normalise(data), error: null });
      },
      (err: unknown) => {
        if (call !== latest.current) return;
        if (err instanceof ApiError && err.status === 403) return setState({ status: 'forbidden' });
        if (err instanceof ApiError && (err.status === 401 || err.status === 422)) return; // on the way to /
        const message = err instanceof Error ? err.message : String(err);
        console.error(message);
        setState((s) => ({
          status: 'ready',
          helpers: s.status === 'ready' ? s.helpers : EMPTY_HELPERS,
          error: `The admin lists could not be loaded: ${message}`,
        }));
      },
    );
  }, []);

  useEffect(refresh, [refresh]);
  return { state, refresh };
}
