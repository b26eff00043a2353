import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { FirstDayChecklist } from '../../components/first-day-checklist';
import { useManifest } from '../../lib/manifest';
import { actionsFor, DEFAULT_ACTION, type AdminActionTitle } from './admin-actions';
import { AdminActionPicker } from './components/admin-action-picker';
import { AdminSummary } from './components/admin-summary';
import { AuditLog } from './components/audit-log';
import type { AdminFormProps } from './components/fields';
import { LlcTaxes } from './components/llc-taxes';
import { ManageLlcs } from './components/manage-llcs';
import { ManageLorens } from './components/manage-lorens';
import { ManagePortalUsers } from './components/manage-portal-users';
import {
  AddIncomeForm,
  AddInvestmentForm,
  AddInvestorPropertyExpenseForm,
  AddLandContractPaymentForm,
  AddLlcExpenseForm,
  AddLorenIncomeForm,
  AddPropertyExpenseForm,
  AddRentalDepositForm,
} from './components/money-forms';
import { PeriodLocks } from './components/period-locks';
import { InvestorStatements } from './components/investor-statements';
import { LedgerExport } from './components/ledger-export';
import { PropertyDetails } from './components/property-details';
import { PropertyNotesForm } from './components/property-notes-form';
import { PropertyPictureUpload } from './components/property-picture-upload';
import {
  AddExpenseCategoryForm,
  AddInvestmentPropertyForm,
  AddInvestorForm,
  ChangeInvestorFeeForm,
} from './components/setup-forms';
import { CashWithdrawals, DeleteLlcTransaction, DeletePropertyTransaction } from './components/txn-viewers';
import { WithdrawSwitcher } from './components/withdraw-switcher';
import { useAdminHelpers } from './use-admin-helpers';

/** The panel of each action; one not built yet would show "Coming soon.". */
const PANELS: Partial<Record<AdminActionTitle, ComponentType<AdminFormProps>>> = {
  'Admin Summary': AdminSummary,
  'Property Details': PropertyDetails,
  'Add New Income': AddIncomeForm,
  'Add New Loren Income': AddLorenIncomeForm,
  'Add New Land Contract Payment': AddLandContractPaymentForm,
  'Add New Property Expense': AddPropertyExpenseForm,
  'Add New Investor Property Expense': AddInvestorPropertyExpenseForm,
  'Delete Property Transaction': DeletePropertyTransaction,
  'Delete LLC Transaction': DeleteLlcTransaction,
  'Update Property Notes': PropertyNotesForm,
  'Add Expense Category': AddExpenseCategoryForm,
  'Add New Investor': AddInvestorForm,
  'Add New Investment': AddInvestmentForm,
  'Add New Investment Property': AddInvestmentPropertyForm,
  'Add New Rental Deposit': AddRentalDepositForm,
  'Manage Portal Users': ManagePortalUsers,
  'Add New LLC Expense': AddLlcExpenseForm,
  'LLC Taxes': LlcTaxes,
  'Withdraw Funds': WithdrawSwitcher,
  'Manage LLCs': ManageLlcs,
  'Manage Lorens': ManageLorens,
  'Change Investor Fee': ChangeInvestorFeeForm,
  'Cash Withdrawals': CashWithdrawals,
  'Audit Log': AuditLog,
  'Period Locks': PeriodLocks,
  'Investor Statements': InvestorStatements,
  'Export Ledger': LedgerExport,
};

/** Panels with tables use the page's full width; forms keep a readable line length. */
const WIDE: ReadonlySet<AdminActionTitle> = new Set<AdminActionTitle>([
  'Admin Summary',
  'Property Details',
  'LLC Taxes',
  'Delete Property Transaction',
  'Delete LLC Transaction',
  'Cash Withdrawals',
  'Audit Log',
]);

/** The actions about one property's record, where its picture can be uploaded too (issue 10 item 5). */
const WITH_PICTURE: ReadonlySet<AdminActionTitle> = new Set<AdminActionTitle>(['Add New Investment Property', 'Update Property Notes']);

/**
 * /admin: the back office (portal-spec §2 Admin page). The chosen action lives in the address
 * (/admin?action=withdraw-funds): choosing one adds a history entry, so reload, bookmarks and the back
 * button keep it; an address without a known action shows the first.
 */
export function AdminPage() {
  const manifest = useManifest();
  const state = useAdminHelpers();
  const [params, setParams] = useSearchParams();
  const actions = actionsFor(manifest.loren);
  const action = actions.find((a) => a.slug === params.get('action')) ?? DEFAULT_ACTION;
  const Panel = PANELS[action.title];
  const formWidth = Panel && !WIDE.has(action.title) ? ' admin-panel-form' : '';

  return (
    <main className="container-xl py-4 admin-page">
      <h1 className="h3 mb-4">Admin Page</h1>
      {state.status === 'loading' && <p>Loading...</p>}
      {state.status === 'forbidden' && (
        <div className="alert alert-warning" role="alert">
          You are not authorized to view this page.
        </div>
      )}
      {state.status === 'ready' && (
        <>
          {/* An empty portal's first steps (issue 25 item 5): the list on the landing, a line beside a form. */}
          <FirstDayChecklist compact={action.slug !== DEFAULT_ACTION.slug} current={action.slug} />
          <AdminActionPicker actions={actions} current={action} onChoose={(slug) => setParams({ action: slug })} />
          {state.error && (
            <div className="alert alert-warning" role="alert">
              {state.error}
            </div>
          )}
          <section className={`card border-0 shadow-sm admin-panel${formWidth}`} aria-labelledby="admin-action-title">
            <div className="card-body p-3 p-md-4">
              <p className="admin-action-group mb-1">{action.group}</p>
              <h2 id="admin-action-title" className="h5 mb-3">
                {action.title}
              </h2>
              {Panel ? (
                <Panel key={action.slug} helpers={state.helpers} showLoren={manifest.loren || manifest.lorenSelector} />
              ) : (
                <p className="text-secondary mb-0">Coming soon.</p>
              )}
            </div>
          </section>
          {WITH_PICTURE.has(action.title) && (
            <section className="card border-0 shadow-sm admin-panel admin-panel-form mt-4" aria-labelledby="property-picture-title">
              <div className="card-body p-3 p-md-4">
                <h2 id="property-picture-title" className="h5 mb-1">Property picture</h2>
                <p className="record-form-intro mb-3">
                  The portal keeps the pictures it shows: upload one here rather than linking to another site.
                </p>
                <PropertyPictureUpload key={action.slug} helpers={state.helpers} />
              </div>
            </section>
          )}
        </>
      )}
    </main>
  );
}
