import { useEffect, useState } from 'react';
import type { InvestorSummaryResponse } from '../../../contract/investor';
import { ApiError } from '../../lib/api-client';
import { getInvestorSummary } from './investor-api';
import { hasNoData } from './investor-figures';

export type SummaryState =
  | { status: 'loading' }
  | { status: 'ready'; summary: InvestorSummaryResponse }
  /** No investments, income or distributions; the name is kept for the heading. */
  | { status: 'no-data'; investorName?: string }
  /** An administrator on /investor: no investor of their own, so they pick one. */
  | { status: 'choose-investor' };

/**
 * Loads the summary (portal-spec §4: loading, then loaded or no-data). A 401 or 422 is sent to / by the
 * API client; any other failure is only logged (§8) and reads as no data, so nothing of the answer shows.
 */
export function useInvestorSummary(investorName: string | undefined): SummaryState {
  const [state, setState] = useState<SummaryState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    getInvestorSummary(investorName).then(
      (summary) => {
        if (!live) return;
        setState(hasNoData(summary) ? { status: 'no-data', investorName: summary.investor_name } : { status: 'ready', summary });
      },
      (error: unknown) => {
        console.error('Failed to load the investor summary:', error);
        if (!live) return;
        // The server asks an administrator without an investor login which investor to show.
        const askedForName = error instanceof ApiError && error.status === 400 && investorName === undefined;
        setState(askedForName ? { status: 'choose-investor' } : { status: 'no-data', investorName });
      },
    );
    return () => {
      live = false;
    };
  }, [investorName]);
  return state;
}
