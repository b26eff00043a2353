import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { InvestorChooser } from './components/investor-chooser';
import { InvestorDashboard } from './components/investor-dashboard';
import { SummarySkeleton } from './components/summary-skeleton';
import { ViewingAsBar } from './components/viewing-as-bar';
import { DocumentsCard } from './documents/documents-card';
import { UpdatesCard } from './updates/updates-card';
import { CapitalCallsCard } from './capital-calls/capital-calls-card';
import { useInvestorSummary } from './use-investor-summary';
import { useIsAdmin } from './use-is-admin';

/**
 * /investor and /investor/{investor_name} (docs/product.md "Screens", Investor summary). An administrator on /investor
 * has no summary of their own to ask for: they land on the list of investors; on an investor's page a bar
 * says whose page it is, with the way back.
 */
export function InvestorPage() {
  const { investorName } = useParams();
  const isAdmin = useIsAdmin();
  if (investorName === undefined && isAdmin) return <AdminLanding />;
  // Keyed by the name, so another investor's page starts from scratch: no stale figures or selection.
  return (
    <InvestorSummary key={investorName ?? ''} investorName={investorName} isAdmin={isAdmin}
      // On /investor the summary waits for the admin check: an admin's would only be refused.
      ready={investorName !== undefined || isAdmin === false} />
  );
}

function AdminLanding() {
  return (
    <main className="container-xl py-4 investor-page">
      <header className="investor-header">
        <h1 className="investor-name">Investors</h1>
        <p className="investor-subtitle">Choose whose Investment Summary to open</p>
      </header>
      <InvestorChooser />
    </main>
  );
}

type Props = { investorName: string | undefined; isAdmin: boolean | undefined; ready: boolean };

function InvestorSummary({ investorName, isAdmin, ready }: Props) {
  // The figures are drawn in a deferred render, which React splits into slices of a few milliseconds
  // between which the browser stays responsive; the skeleton stays until it is done. Rendered at once,
  // the whole page was one long task on a phone (docs/performance.md, Lighthouse's total blocking time).
  const state = useDeferredValue(useInvestorSummary(investorName, ready));
  if (state.status === 'choose-investor') return <AdminLanding />;
  const name =
    state.status === 'ready' ? state.summary.investor_name : state.status === 'no-data' ? state.investorName : investorName;
  return (
    <>
      {isAdmin && investorName !== undefined && <ViewingAsBar investorName={name ?? investorName} />}
      <main className="container-xl py-4 investor-page">
        <header className="investor-header">
          {name ? (
            <>
              <h1 className="investor-name">{name}</h1>
              <p className="investor-subtitle">Investment Summary</p>
            </>
          ) : state.status === 'loading' ? (
            // On /investor the name arrives with the answer; the placeholder keeps the header's height.
            <>
              <h1 className="investor-name placeholder-glow" aria-hidden="true">
                <span className="placeholder col-4 col-md-2" />
              </h1>
              <p className="investor-subtitle">Investment Summary</p>
            </>
          ) : (
            <h1 className="investor-name">Investment Summary</h1>
          )}
        </header>
        {state.status === 'loading' && <SummarySkeleton />}
        {state.status === 'no-data' && (
          <div className="card investor-card">
            <p className="investor-empty py-5 mb-0">No data available</p>
          </div>
        )}
        {state.status === 'ready' && <InvestorDashboard summary={state.summary} investorName={investorName} />}
        {(state.status === 'ready' || state.status === 'no-data') && <CapitalCallsCard investorName={investorName} />}
        {(state.status === 'ready' || state.status === 'no-data') && <DocumentsCard investorName={investorName} />}
        {(state.status === 'ready' || state.status === 'no-data') && <UpdatesCard investorName={investorName} />}
      </main>
    </>
  );
}
