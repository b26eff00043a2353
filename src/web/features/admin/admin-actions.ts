/**
 * The entries of 'Select Admin Action:' in the spec's order (portal-spec §2 Admin page), then this
 * product's extensions. Each has a slug for the URL (/admin?action=add-new-income) so the back button works.
 */
const TITLES = [
  'Admin Summary',
  'Property Details',
  'Add New Income',
  'Add New Loren Income',
  'Add New Land Contract Payment',
  'Add New Property Expense',
  'Add New Investor Property Expense',
  'Delete Property Transaction',
  'Delete LLC Transaction',
  'Update Property Notes',
  'Add Expense Category',
  'Add New Investor',
  'Add New Investment',
  'Add New Investment Property',
  'Add New Rental Deposit',
  'Manage Portal Users',
  'Add New LLC Expense',
  'LLC Taxes',
  'Withdraw Funds',
  // Extensions after the spec's list.
  'Manage LLCs',
  'Manage Lorens',
  'Change Investor Fee',
  'Cash Withdrawals',
  'Audit Log',
] as const;

export type AdminActionTitle = (typeof TITLES)[number];
export type AdminAction = { slug: string; title: AdminActionTitle };

const slugOf = (title: string) => title.toLowerCase().replace(/\s+/g, '-');

export const ADMIN_ACTIONS: readonly AdminAction[] = TITLES.map((title) => ({ slug: slugOf(title), title }));

/** The loren-income entry exists only when the capability check (the manifest's loren flag) is on. */
export const LOREN_INCOME = slugOf('Add New Loren Income');
export const DEFAULT_ACTION = ADMIN_ACTIONS[0]!;

export const actionsFor = (loren: boolean): readonly AdminAction[] =>
  loren ? ADMIN_ACTIONS : ADMIN_ACTIONS.filter((a) => a.slug !== LOREN_INCOME);
