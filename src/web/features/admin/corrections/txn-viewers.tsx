import { endpoints } from '../../../../contract/endpoints';
import type { AdminFormProps } from '../shared/fields';
import { TxnViewer, type TxnTableSpec } from './txn-viewer';

/** The viewers of the admin page: property and LLC (docs/product.md "Screens"), an investor's cash withdrawals (extension). */

type PropertyTable = 'income' | 'expenses' | 'deposits' | 'lc_payments' | 'investments';
/** The spec's order, then our investments table (capital in and out). */
const PROPERTY_TABLES: readonly TxnTableSpec<PropertyTable>[] = [
  { key: 'income', title: 'Income', family: 'income', type: 'income', empty: 'No income available.' },
  { key: 'expenses', title: 'Expenses', family: 'expense', type: 'expense', empty: 'No expenses available.' },
  { key: 'deposits', title: 'Deposits', family: 'deposit', type: 'deposit', empty: 'No deposits available.' },
  {
    key: 'lc_payments', title: 'Land contract payments', family: 'lc_payment', type: 'land contract payment',
    empty: 'No land contract payments available.',
  },
  { key: 'investments', title: 'Investments', family: 'investment', type: 'investment', empty: 'No investments available.' },
];

export function DeletePropertyTransaction({ helpers }: AdminFormProps) {
  return (
    <TxnViewer id="property-txns" fileTitle="Property Transactions" selectLabel="Select Property:" placeholder="Select a property"
      options={helpers.properties} endpoint={endpoints.propertyTxns} nameField="selectedProperty" tables={PROPERTY_TABLES} />
  );
}

const LLC_TABLES: readonly TxnTableSpec<'expenses'>[] = [
  { key: 'expenses', title: 'Expenses', family: 'llc_expense', type: 'LLC expense', empty: 'No expenses available.' },
];

export function DeleteLlcTransaction({ helpers }: AdminFormProps) {
  return (
    <TxnViewer id="llc-txns" fileTitle="LLC Transactions" selectLabel="Select LLC:" placeholder="Select an LLC" options={helpers.llcs_list}
      endpoint={endpoints.llcTxns} nameField="selectedLLC" tables={LLC_TABLES} />
  );
}

const INVESTOR_TABLES: readonly TxnTableSpec<'cash_withdrawals'>[] = [
  { key: 'cash_withdrawals', title: 'Cash withdrawals', family: 'withdrawal', type: 'withdrawal', empty: 'No withdrawals available.' },
];

export function CashWithdrawals({ helpers }: AdminFormProps) {
  return (
    <TxnViewer id="investor-txns" fileTitle="Investor Transactions" selectLabel="Select Investor:" placeholder="Select an investor"
      options={helpers.investors_list} endpoint={endpoints.investorTxns} nameField="investor_name" tables={INVESTOR_TABLES} />
  );
}
