/** The four kinds of admin work the dropdown's groups name (issue 10 item 2). */
export type AdminGroup = 'Reports' | 'Recording' | 'Corrections' | 'People and setup';

/**
 * The entries of 'Select Admin Action:' in the spec's order (portal-spec §2 Admin page), then this
 * product's extensions, each with the kind of work it is. Each has a slug for the URL
 * (/admin?action=add-new-income), so reload, bookmarks and the back button keep it.
 */
const ENTRIES = [
  ['Admin Summary', 'Reports'],
  ['Property Details', 'Reports'],
  ['Add New Income', 'Recording'],
  ['Add New Loren Income', 'Recording'],
  ['Add New Land Contract Payment', 'Recording'],
  ['Add New Property Expense', 'Recording'],
  ['Add New Investor Property Expense', 'Recording'],
  ['Delete Property Transaction', 'Corrections'],
  ['Delete LLC Transaction', 'Corrections'],
  ['Update Property Notes', 'Corrections'],
  ['Add Expense Category', 'People and setup'],
  ['Add New Investor', 'People and setup'],
  ['Add New Investment', 'Recording'],
  ['Add New Investment Property', 'People and setup'],
  ['Add New Rental Deposit', 'Recording'],
  ['Manage Portal Users', 'People and setup'],
  ['Add New LLC Expense', 'Recording'],
  ['LLC Taxes', 'Reports'],
  ['Withdraw Funds', 'Recording'],
  // Extensions after the spec's list.
  ['Manage LLCs', 'People and setup'],
  ['Manage Lorens', 'People and setup'],
  ['Change Investor Fee', 'People and setup'],
  ['Cash Withdrawals', 'Corrections'],
  ['Audit Log', 'Corrections'],
  ['Period Locks', 'Corrections'],
  ['Investor Statements', 'Reports'],
  ['Export Ledger', 'Reports'],
] as const satisfies readonly (readonly [string, AdminGroup])[];

export type AdminActionTitle = (typeof ENTRIES)[number][0];
export type AdminAction = { slug: string; title: AdminActionTitle; group: AdminGroup };

const slugOf = (title: string) => title.toLowerCase().replace(/\s+/g, '-');

export const ADMIN_ACTIONS: readonly AdminAction[] = ENTRIES.map(([title, group]) => ({ slug: slugOf(title), title, group }));

/** The loren-income entry exists only when the capability check (the manifest's loren flag) is on. */
export const LOREN_INCOME = slugOf('Add New Loren Income');
export const DEFAULT_ACTION = ADMIN_ACTIONS[0]!;

export const actionsFor = (loren: boolean): readonly AdminAction[] =>
  loren ? ADMIN_ACTIONS : ADMIN_ACTIONS.filter((a) => a.slug !== LOREN_INCOME);

/**
 * The actions as runs of one kind, in the given order: the spec's order interleaves the kinds, so a kind
 * may head several runs. Grouping never reorders.
 */
export function runsOf(actions: readonly AdminAction[]): { group: AdminGroup; actions: AdminAction[] }[] {
  const runs: { group: AdminGroup; actions: AdminAction[] }[] = [];
  for (const a of actions) {
    const last = runs.at(-1);
    if (last?.group === a.group) last.actions.push(a);
    else runs.push({ group: a.group, actions: [a] });
  }
  return runs;
}
