import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useManifest } from '../../lib/manifest';
import { actionsFor, DEFAULT_ACTION, type AdminActionTitle } from './admin-actions';
import { AuditLog } from './components/audit-log';
import type { AdminFormProps } from './components/fields';
import { ManageLlcs } from './components/manage-llcs';
import { ManageLorens } from './components/manage-lorens';
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
import { PropertyNotesForm } from './components/property-notes-form';
import {
  AddExpenseCategoryForm,
  AddInvestmentPropertyForm,
  AddInvestorForm,
  ChangeInvestorFeeForm,
} from './components/setup-forms';
import { CashWithdrawals, DeleteLlcTransaction, DeletePropertyTransaction } from './components/txn-viewers';
import { WithdrawFunds } from './components/withdraw-funds';
import { useAdminHelpers } from './use-admin-helpers';

/** The panel of each action built so far; the others show "Coming soon.". */
const PANELS: Partial<Record<AdminActionTitle, ComponentType<AdminFormProps>>> = {
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
  'Add New LLC Expense': AddLlcExpenseForm,
  'Withdraw Funds': WithdrawFunds,
  'Manage LLCs': ManageLlcs,
  'Manage Lorens': ManageLorens,
  'Change Investor Fee': ChangeInvestorFeeForm,
  'Cash Withdrawals': CashWithdrawals,
  'Audit Log': AuditLog,
};

/** Panels with tables use the page's full width; forms keep a readable line length. */
const WIDE: ReadonlySet<AdminActionTitle> = new Set<AdminActionTitle>([
  'Delete Property Transaction',
  'Delete LLC Transaction',
  'Cash Withdrawals',
  'Audit Log',
]);

/** /admin: the back office (portal-spec §2 Admin page). The chosen action lives in ?action=… */
export function AdminPage() {
  const manifest = useManifest();
  const state = useAdminHelpers();
  const [params, setParams] = useSearchParams();
  const actions = actionsFor(manifest.loren);
  const action = actions.find((a) => a.slug === params.get('action')) ?? DEFAULT_ACTION;
  const Panel = PANELS[action.title];

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
          <div className="admin-action-picker mb-4">
            <label htmlFor="admin-action" className="form-label fw-semibold">
              Select Admin Action:
            </label>
            <select id="admin-action" className="form-select" value={action.slug}
              onChange={(e) => setParams({ action: e.target.value })}>
              {actions.map((a) => (
                <option key={a.slug} value={a.slug}>
                  {a.title}
                </option>
              ))}
            </select>
          </div>
          {state.error && (
            <div className="alert alert-warning" role="alert">
              {state.error}
            </div>
          )}
          <section className={`card border-0 shadow-sm admin-panel${Panel && !WIDE.has(action.title) ? ' admin-panel-form' : ''}`}
            aria-labelledby="admin-action-title">
            <div className="card-body p-3 p-md-4">
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
        </>
      )}
    </main>
  );
}
