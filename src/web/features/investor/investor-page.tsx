import { useParams } from 'react-router';
import { InvestorChooser } from './components/investor-chooser';
import { InvestorDashboard } from './components/investor-dashboard';
import { SummarySkeleton } from './components/summary-skeleton';
import { useInvestorSummary } from './use-investor-summary';

/** /investor and /investor/{investor_name} (portal-spec §2 Investor summary). */
export function InvestorPage() {
  const { investorName } = useParams();
  // Keyed by the name, so another investor's page starts from scratch: no stale figures or selection.
  return <InvestorSummary key={investorName ?? ''} investorName={investorName} />;
}

function InvestorSummary({ investorName }: { investorName: string | undefined }) {
  const state = useInvestorSummary(investorName);
  const name =
    state.status === 'ready' ? state.summary.investor_name : state.status === 'no-data' ? state.investorName : investorName;
  return (
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
      {state.status === 'choose-investor' && <InvestorChooser />}
      {state.status === 'ready' && <InvestorDashboard summary={state.summary} investorName={investorName} />}
    </main>
  );
}
