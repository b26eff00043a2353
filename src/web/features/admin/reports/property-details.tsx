import { useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import type { PropertyDetailsResponse } from '../../../../contract/schemas/reports';
import { csvFileName, dollarsColumn, type CsvColumn } from '../../../lib/csv-export';
import { formatCurrency, formatDate } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';
import type { AdminFormProps } from '../shared/fields';
import { SellerCard } from '../land-contracts/seller-card';
import { NameSelect } from '../shared/name-select';
import { ReportTable, type Column } from '../shared/report-table';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';

/**
 * Property Details (docs/product.md "Screens"): choose a property, see its investments, income, expenses and
 * deposits (Date, Amount, the total in the subtitle, each row's detail under its date) and what each
 * investor has in it.
 */
type HistoryRow = PropertyDetailsResponse['income'][number];
type History = 'investments' | 'income' | 'expenses' | 'deposits';
type Total = 'total_investments' | 'total_income' | 'total_expenses' | 'total_deposits';

const HISTORIES: readonly { key: History; total: Total; title: string; empty: string }[] = [
  { key: 'investments', total: 'total_investments', title: 'Investment History', empty: 'No investments available.' },
  { key: 'income', total: 'total_income', title: 'Income History', empty: 'No income available.' },
  { key: 'expenses', total: 'total_expenses', title: 'Expenses History', empty: 'No expenses available.' },
  { key: 'deposits', total: 'total_deposits', title: 'Deposits History', empty: 'No deposits available.' },
];

const HISTORY_COLUMNS: readonly Column<HistoryRow>[] = [
  {
    header: 'Date',
    cell: (r) => (
      <>
        <span className="report-date">{formatDate(r.date)}</span>
        {r.detail && <span className="report-detail">{r.detail}</span>}
      </>
    ),
  },
  { header: 'Amount', money: (r) => r.amount },
];

/** In a CSV the detail is a column of its own, so a spreadsheet can sort and filter by it. */
const HISTORY_CSV: readonly CsvColumn<HistoryRow>[] = [
  { header: 'Date', kind: 'date', value: (r) => r.date.slice(0, 10) },
  { header: 'Detail', kind: 'text', value: (r) => r.detail },
  dollarsColumn('Amount', (r) => r.amount),
];

type InvestorRow = PropertyDetailsResponse['investors_list'][number];
const INVESTOR_COLUMNS: readonly Column<InvestorRow>[] = [
  { header: 'Investor', cell: (r) => r.investor_name },
  { header: 'Total Amount', money: (r) => r.total_amount },
];
const INVESTOR_CSV: readonly CsvColumn<InvestorRow>[] = [
  { header: 'Investor', kind: 'text', value: (r) => r.investor_name },
  dollarsColumn('Total Amount', (r) => r.total_amount),
];

export function PropertyDetails({ helpers }: AdminFormProps) {
  const [property, setProperty] = useState('');
  const { data, error } = useEndpointQuery(endpoints.propertyDetails, { selectedProperty: property }, {
    enabled: property !== '',
    meta: logFailure,
  });

  return (
    <div className="d-grid gap-4 report-stack">
      <div className="report-picker">
        <NameSelect id="property-details-property" label="Select Property:" placeholder="Select a property"
          options={helpers.properties} value={property} onChange={setProperty} />
      </div>
      {!property && <p className="report-muted mb-0">Choose a property to see its books.</p>}
      {property && error && <ReportFailure what="The property details" error={error} />}
      {property && !error && !data && <ReportLoading />}
      {property && data && (
        <div className="row g-3">
          {HISTORIES.map((h) => (
            <div key={h.key} className="col-12 col-lg-6">
              <ReportTable title={h.title} subtitle={`Total: ${formatCurrency(data[h.total])}`} columns={HISTORY_COLUMNS}
                rows={data[h.key]} rowKey={(r, i) => `${r.date}-${i}`} empty={h.empty}
                download={{ file: csvFileName('Property Details', property, h.title), columns: HISTORY_CSV }} />
            </div>
          ))}
          <div className="col-12 col-lg-6">
            <ReportTable title="Investors" subtitle="Each investor's capital in this property: invested less returned."
              columns={INVESTOR_COLUMNS} rows={data.investors_list} rowKey={(r) => r.investor_name} empty="No investors available."
              download={{ file: csvFileName('Property Details', property, 'Investors'), columns: INVESTOR_CSV }} />
          </div>
          {helpers.land_contract_properties.includes(property) && (
            <div className="col-12 col-lg-6">
              <SellerCard property={property} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
