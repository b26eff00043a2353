import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { INVESTOR_PAGE } from '../../../contract/roles';
import { useRole } from '../../lib/role';
import { InvestorChooser } from './components/investor-chooser';
import { InvestorDashboard } from './components/investor-dashboard';
import { SummarySkeleton } from './components/summary-skeleton';
import { ViewingAsBar } from './components/viewing-as-bar';
import { DocumentsCard } from './documents/documents-card';
import { UpdatesCard } from './updates/updates-card';
import { CapitalCallsCard } from './capital-calls/capital-calls-card';
import { CorrectionsCard } from './corrections/corrections-card';
import { useInvestorSummary } from './use-investor-summary';
import { useIsAdmin } from './use-is-admin';
import { CombinedView } from './records/combined-view';
import { DelegateBanner } from './records/delegate-banner';
import { NoAccess } from './records/no-access';
import { RecordSwitcher } from './records/record-switcher';
import { currentRecord, useMyRecords, type MyRecord } from './records/use-my-records';

/** An administrator's view of an investor's delegates: with the table's schemas, so loaded only when shown. */
const DelegatesCard = lazy(() => import('../../components/delegates-card').then((m) => ({ default: m.DelegatesCard })));

/**
 * /investor and /investor/{investor_name} (docs/product.md "Screens", Investor summary). An administrator on /investor
 * has no summary of their own to ask for: they land on the list of investors; on an investor's page a bar
 * says whose page it is, with the way back.
 */
export function InvestorPage() {
  const { investorName } = useParams();
  const isAdmin = useIsAdmin();
  const role = useRole();
  const [search] = useSearchParams();
  // The investor records this login reads: its own, its other entities, the pages it reads as a delegate (issue 29).
  const mine = useMyRecords(role === 'investor' || role === 'delegate');
  // Staff who read no investor's page (an auditor: contract/roles.ts INVESTOR_PAGE) land on the back office.
  if (investorName === undefined && isAdmin && role && !(INVESTOR_PAGE as readonly string[]).includes(role)) return <Navigate to="/admin" replace />;
  if (investorName === undefined && isAdmin) return <AdminLanding />;
  if (role === 'investor' && investorName === undefined && search.get('view') === 'combined') return <CombinedView />;
  if (role === 'delegate') {
    // A delegate has no record of their own: the page is the one the address names, else the first they read.
    const record = mine.records && currentRecord(mine.records, investorName);
    if (!record && (mine.records || mine.failed)) return <NoAccess investorName={investorName} />;
    return (
      <InvestorSummary key={record?.investor_name ?? ''} investorName={record?.investor_name ?? investorName} isAdmin={false}
        ready={record?.can_see_figures === true} records={mine.records} record={record} />
    );
  }
  // Keyed by the name, so another investor's page starts from scratch: no stale figures or selection.
  return (
    <InvestorSummary key={investorName ?? ''} investorName={investorName} isAdmin={isAdmin}
      // On /investor the summary waits for the admin check: an admin's would only be refused.
      ready={investorName !== undefined || isAdmin === false}
      records={mine.records} record={mine.records && currentRecord(mine.records, investorName)}
      recordsPending={role === 'investor' && mine.records === undefined && !mine.failed}
      showDelegates={role === 'admin' && investorName !== undefined} />
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

type Props = {
  investorName: string | undefined;
  isAdmin: boolean | undefined;
  ready: boolean;
  /** The records the login reads (an investor's, a delegate's), for the switcher; and the one shown, with what it may see. */
  records?: MyRecord[];
  record?: MyRecord;
  /** An administrator on an investor's page: that investor's delegates, below. */
  showDelegates?: boolean;
  /**
   * The login's records are still on their way: the figures wait with them, so the switcher does not arrive
   * above a page already drawn and push it down under the reader.
   */
  recordsPending?: boolean;
};

function InvestorSummary({ investorName, isAdmin, ready, records, record, showDelegates, recordsPending = false }: Props) {
  // The figures are drawn in a deferred render, which React splits into slices of a few milliseconds
  // between which the browser stays responsive; the skeleton stays until it is done. Rendered at once,
  // the whole page was one long task on a phone (docs/performance.md, Lighthouse's total blocking time).
  const read = useDeferredValue(useInvestorSummary(investorName, ready));
  const state = recordsPending && (read.status === 'ready' || read.status === 'no-data') ? ({ status: 'loading' } as const) : read;
  if (state.status === 'choose-investor') return <AdminLanding />;
  const name =
    state.status === 'ready' ? state.summary.investor_name : state.status === 'no-data' ? state.investorName : investorName;
  // What the investor lets this login see (a delegate's grants); their own records show everything.
  const figures = record?.can_see_figures ?? true;
  const loaded = figures ? state.status === 'ready' || state.status === 'no-data' : record !== undefined;
  return (
    <>
      {isAdmin && investorName !== undefined && <ViewingAsBar investorName={name ?? investorName} />}
      {record?.relation === 'delegate' && <DelegateBanner record={record} />}
      <main className="container-xl py-4 investor-page">
        <header className="investor-header">
          {name ? (
            <>
              <h1 className="investor-name">{name}</h1>
              <p className="investor-subtitle">{figures ? 'Investment Summary' : 'Documents'}</p>
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
        {records && record && <RecordSwitcher records={records} current={record} />}
        {!figures && (
          <p className="alert alert-light border py-2 mb-0" data-testid="documents-only">
            {name} shares their documents with you, not their figures: only the documents show here.
          </p>
        )}
        {figures && state.status === 'loading' && <SummarySkeleton />}
        {state.status === 'no-data' && (
          <div className="card investor-card">
            <p className="investor-empty py-5 mb-0">No data available</p>
          </div>
        )}
        {state.status === 'ready' && <InvestorDashboard summary={state.summary} investorName={investorName} />}
        {figures && loaded && <CapitalCallsCard investorName={investorName} />}
        {figures && loaded && <CorrectionsCard investorName={investorName} />}
        {loaded && (record?.can_see_documents ?? true) && <DocumentsCard investorName={investorName} />}
        {figures && loaded && <UpdatesCard investorName={investorName} />}
        {showDelegates && investorName !== undefined && loaded && <AdminDelegates investorName={investorName} />}
      </main>
    </>
  );
}

/**
 * An admin's view of the investor's delegates, opened on demand: a card that arrived late (it loads its
 * forms apart) would move the page under a reader who has just scrolled to a property's panel.
 */
function AdminDelegates({ investorName }: { investorName: string }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div className="text-end mt-3">
        <button type="button" className="btn btn-outline-dark btn-sm" onClick={() => setOpen(true)}>
          Delegates of {investorName}
        </button>
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <DelegatesCard investorName={investorName} onInvestorPage />
    </Suspense>
  );
}
