import { investorCalls } from '../../../lib/investor-calls';
import { useEndpointQuery } from '../../../lib/queries';
import { FiguresGrid } from '../components/figures-grid';
import { SummarySkeleton } from '../components/summary-skeleton';
import { RecordSwitcher } from './record-switcher';
import { useMyRecords } from './use-my-records';

/** "A, B and C". */
const listed = (names: readonly string[]) =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;

/**
 * /investor?view=combined: one person's own investor records together (personal, IRA, trust), from GET
 * /api/investor_combined: the figures that add, summed, and the returns of the combined cash flows (never
 * an average of each record's). No "How is this calculated?" here: each record's page explains its own.
 */
export function CombinedView() {
  const { records } = useMyRecords(true);
  const { data, error } = useEndpointQuery(investorCalls.investorCombined, {}, { meta: { onError: 'Failed to load the combined view:' } });
  return (
    <main className="container-xl py-4 investor-page">
      <header className="investor-header">
        <h1 className="investor-name">All my entities</h1>
        <p className="investor-subtitle">Combined Investment Summary</p>
      </header>
      {records && <RecordSwitcher records={records} current="combined" />}
      {error ? (
        <div className="card investor-card">
          <p className="investor-empty py-5 mb-0">The combined view could not be loaded: {error.message}</p>
        </div>
      ) : !data ? (
        <SummarySkeleton />
      ) : (
        <>
          <p className="alert alert-light border py-2 mb-3" data-testid="combined-note">
            These figures combine <strong>{listed(data.investor_names)}</strong>: the amounts are added up, and the XIRR and
            equity multiple are those of all their cash flows together, not an average of each one’s.
          </p>
          <FiguresGrid figures={data} owner="All my entities" combined />
        </>
      )}
    </main>
  );
}
