import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { endpoints } from '../../../../contract/endpoints';
import type { Reply } from '../../../../contract/endpoint';
import { formatCurrency } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';
import { useMayCall } from '../../../lib/role';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';
import { FederalRatesCard } from './federal-rates-card';
import { PayoffCard } from './payoff-card';
import { ScheduleTables, TotalsRows } from './schedule-tables';
import { StatementCard } from './statement-card';
import { TermsCard } from './terms-card';

type Contract = Reply<typeof endpoints.landContracts>['contracts'][number];

/** A contract in the selector: its name, then its balance and what is past due (or that it has no terms). */
const choiceText = (c: Contract) =>
  c.terms === null ? `${c.property_name} · No terms recorded`
    : `${c.property_name} · balance ${formatCurrency(c.balance ?? 0)}${c.past_due ? ` · past due ${formatCurrency(c.past_due)}` : ''}`;

/** What the screen shows of one contract with terms: its figures, schedule and payments, the payoff and the statement. */
function ContractServicing({ contract, mayChange, onSaved }: { contract: Contract; mayChange: boolean; onSaved: (m: string) => void }) {
  const id = useId();
  const property = contract.property_name;
  const { data, error } = useEndpointQuery(endpoints.lcSchedule, { property_name: property }, { meta: logFailure });
  const terms = data?.terms ?? contract.terms;
  // The form takes the panel's width while open: its hints read on one or two lines.
  const [editing, setEditing] = useState(false);
  return (
    <>
      <div className="row g-3">
        <div className={editing ? 'col-12' : 'col-12 col-lg-6'}>
          <TermsCard property={property} terms={terms} mayChange={mayChange} onSaved={onSaved} editing={editing} onEditing={setEditing} />
        </div>
        <div className={`${editing ? 'col-12' : 'col-12 col-lg-6'} d-grid gap-3 align-content-start`}>
          <section className="card report-card" aria-labelledby={`${id}-totals`}>
            <div className="card-header report-card-header">
              <h3 id={`${id}-totals`} className="report-card-title">Where the contract stands</h3>
              {data && <p className="report-card-subtitle mb-0">As of today, by the schedule and the payments recorded.</p>}
            </div>
            <div className="card-body" data-testid="lc-totals">
              {error ? <ReportFailure what="The schedule" error={error} /> : !data ? <ReportLoading /> : <TotalsRows totals={data.totals} scheduled={data.rows.length > 0} />}
            </div>
          </section>
          <PayoffCard key={`payoff-${property}`} property={property} />
          {terms && <StatementCard key={`statement-${property}-${terms.sale_date}`} property={property} saleDate={terms.sale_date} />}
        </div>
      </div>
      <section className="d-grid gap-2" aria-labelledby={`${id}-schedule`}>
        <h3 id={`${id}-schedule`} className="admin-subtitle mb-0">Schedule and payments</h3>
        {error ? <ReportFailure what="The schedule" error={error} /> : !data ? <ReportLoading /> : <ScheduleTables key={property} schedule={data} />}
      </section>
    </>
  );
}

/**
 * "Land Contracts" (docs/product.md "Land contracts"): the seller's side of each contract the LLCs
 * hold: its terms (changed by an admin), where it stands, the schedule beside the payments, a payoff quote
 * and letter, the buyer's year-end statement; and the applicable federal rates the tax report tests against.
 */
export function LandContractsPanel() {
  const [params, setParams] = useSearchParams();
  const { data, error } = useEndpointQuery(endpoints.landContracts, undefined, { meta: logFailure });
  const mayChange = useMayCall(endpoints.setLandContractTerms);
  const [done, setDone] = useState<string | null>(null);
  const contracts = data?.contracts ?? [];
  const asked = params.get('property') ?? '';
  const only = contracts.length === 1 ? contracts[0]!.property_name : '';
  const property = contracts.some((c) => c.property_name === asked) ? asked : only;
  const contract = contracts.find((c) => c.property_name === property) ?? null;

  const choose = (next: string) => {
    setDone(null);
    setParams((p) => {
      const q = new URLSearchParams(p);
      if (next) q.set('property', next); else q.delete('property');
      return q;
    }, { replace: true });
  };
  // The terms change the contract's figures wherever they show: the write names those reads (lib/write-changes.ts).
  const onSaved = (message: string) => setDone(message);

  return (
    <div className="d-grid gap-4 report-stack">
      {error ? <ReportFailure what="The land contracts" error={error} /> : !data ? <ReportLoading /> : contracts.length === 0 ? (
        <p className="report-muted mb-0">No land-contract properties yet: add a property of the type “Land contract” first.</p>
      ) : (
        <div className="row g-3 align-items-end">
          <div className="col-12 col-lg-9">
            <label htmlFor="land-contract-property" className="form-label">Land contract</label>
            <select id="land-contract-property" className="form-select" value={property} onChange={(e) => choose(e.target.value)}>
              <option value="">Select a property</option>
              {contracts.map((c) => <option key={c.property_name} value={c.property_name}>{choiceText(c)}</option>)}
            </select>
          </div>
          {contract && (
            <p className="col-12 small text-secondary mb-0 text-break" data-testid="lc-chosen">
              {[contract.llc_name, contract.terms === null ? 'no terms recorded'
                : `balance ${formatCurrency(contract.balance ?? 0)}`, contract.past_due ? `past due ${formatCurrency(contract.past_due)}` : null].filter(Boolean).join(' · ')}
            </p>
          )}
        </div>
      )}
      {done && <div className="alert alert-success py-2 mb-0" role="status">{done}</div>}
      {data && contracts.length > 0 && !contract && <p className="report-muted mb-0">Choose a land contract.</p>}
      {contract && (contract.terms === null
        ? <TermsCard key={contract.property_name} property={contract.property_name} terms={null} mayChange={mayChange} onSaved={onSaved} />
        : <ContractServicing key={contract.property_name} contract={contract} mayChange={mayChange} onSaved={onSaved} />)}
      <FederalRatesCard />
    </div>
  );
}
