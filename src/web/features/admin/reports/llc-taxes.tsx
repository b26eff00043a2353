import { useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { FormError } from '../../../components/form-error';
import { download } from '../../../lib/api-client';
import { useDownload } from '../../../lib/use-download';
import { useEndpointQuery } from '../../../lib/queries';
import type { AdminFormProps } from '../shared/fields';
import { LlcTaxReport } from './llc-tax-report';
import { NameSelect } from '../shared/name-select';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';
import { TaxProperties } from './tax-properties';

/**
 * LLC Taxes (docs/product.md "Screens"): choose a tax year and an LLC; once both are chosen a spinner shows until
 * the report arrives: the LLC card, income by member, rental details, expenses, then the LLC's properties,
 * each opening its own summary for the year. The report prints on its own (app.css @media print).
 */
export function LlcTaxes({ helpers }: AdminFormProps) {
  const [year, setYear] = useState('');
  const [llc, setLlc] = useState('');
  const chosen = year !== '' && llc !== '';
  // The CPA's package: the same figures as the report on screen, as files.
  const { busy: packing, error: packageError, run } = useDownload();
  const downloadPackage = () => run(() => download(endpoints.taxPackage, { query: { selectedLLC: llc, selectedTaxYear: year } }));
  const { data, error } = useEndpointQuery(endpoints.llcTaxes, { selectedLLC: llc, selectedTaxYear: year }, {
    enabled: chosen,
    meta: logFailure,
  });

  return (
    <div className="d-grid gap-4 report-stack llc-taxes">
      <div className="row g-3 align-items-end d-print-none">
        <div className="col-12 col-sm-6 col-lg-3">
          <NameSelect id="llc-taxes-year" label="Select Tax Year:" placeholder="Select a year" options={helpers.tax_years}
            value={year} onChange={setYear} />
        </div>
        <div className="col-12 col-sm-6 col-lg-4">
          <NameSelect id="llc-taxes-llc" label="Select LLC:" placeholder="Select an LLC" options={helpers.llcs_list}
            value={llc} onChange={setLlc} />
        </div>
        {chosen && data && (
          <div className="col-12 col-lg-auto ms-lg-auto d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" disabled={packing} onClick={downloadPackage}
              title="The report as PDF and CSV, each property's summary, the year's ledger and a README, in one zip">
              {packing ? 'Preparing…' : 'Download tax package'}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={() => window.print()}>
              Print report
            </button>
          </div>
        )}
      </div>
      <FormError message={packageError} />
      {!chosen && <p className="report-muted mb-0">Choose a tax year and an LLC to see the report.</p>}
      {chosen && error && <ReportFailure what="The LLC tax report" error={error} />}
      {chosen && !error && !data && <ReportLoading spinner />}
      {chosen && data && (
        <>
          <LlcTaxReport llc={llc} year={year} report={data} />
          {/* A new year or LLC starts with no property open. */}
          <TaxProperties key={`${llc}|${year}`} year={year} properties={data.properties_list} />
        </>
      )}
    </div>
  );
}
