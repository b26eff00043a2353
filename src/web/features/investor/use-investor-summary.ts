import { useMemo } from 'react';
import { investorCalls } from '../../lib/investor-calls';
import type { InvestorSummaryResponse } from '../../../contract/schemas/investor';
import { ApiError } from '../../lib/api-client';
import { useEndpointQuery } from '../../lib/queries';
import { hasNoData } from './investor-figures';

export type SummaryState =
  | { status: 'loading' }
  | { status: 'ready'; summary: InvestorSummaryResponse }
  /** No investments, income or distributions; the name is kept for the heading. */
  | { status: 'no-data'; investorName?: string }
  /** An administrator on /investor: no investor of their own, so they pick one. */
  | { status: 'choose-investor' };

/**
 * The summary (docs/product.md "Screens": loading, then loaded or no-data). A 401 or 422 is sent to / by the API
 * client; any other failure is only logged (docs/product.md "Screens") and reads as no data, so nothing of the answer shows.
 * `enabled` false holds the read back (an admin on /investor has no summary of their own to ask for).
 */
export function useInvestorSummary(investorName: string | undefined, enabled = true): SummaryState {
  const { data, error, isPending } = useEndpointQuery(
    investorCalls.investorSummary,
    { investor_name: investorName },
    { enabled, meta: { onError: 'Failed to load the investor summary:' } },
  );
  // The same state object until the answer changes: the page defers drawing a new one (investor-page.tsx).
  return useMemo((): SummaryState => {
    if (data) return hasNoData(data) ? { status: 'no-data', investorName: data.investor_name } : { status: 'ready', summary: data };
    if (isPending || !error) return { status: 'loading' };
    // The server asks an administrator without an investor login which investor to show.
    const askedForName = error instanceof ApiError && error.status === 400 && investorName === undefined;
    return askedForName ? { status: 'choose-investor' } : { status: 'no-data', investorName };
  }, [data, error, isPending, investorName]);
}
