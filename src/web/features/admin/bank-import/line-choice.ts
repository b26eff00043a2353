import type { BankImportCommitLine, BankImportLine } from '../../../../contract/schemas/bank-import';
import { MONEY_IN_KINDS, MONEY_OUT_KINDS } from '../../../../contract/schemas/bank-import';
import type { EntryKind } from '../../../../contract/schemas/corrections';
import { CHOICES_OF_KIND, formFieldsOf, isMoneyIn } from '../../../../contract/bank-line-entry';
import { centsOf } from '../../../lib/cents';
import { formatCurrency, formatDate } from '../../../lib/format';

/**
 * The preview's choices line by line, apart from React so the rules are tested alone: which lines start
 * checked, which kinds a line may take, how one line's choice spreads to the same payee's untouched lines,
 * and the commit lines built from the choices (formFieldsOf, the same fields the server fills).
 */

export type LineChoice = {
  kind: EntryKind | '';
  property_name: string;
  category: string;
  investor_name: string;
  description: string;
  /** Keep the choice as a rule for the payee (offered once the admin changed the line). */
  remember: boolean;
  /** The admin changed it by hand: a neighbour's change no longer spreads to it. */
  changed: boolean;
};
export type Choices = Readonly<Record<number, LineChoice>>;
/** What the admin sets on a line, or on the checked lines at once. */
export type ChoicePatch = Partial<Pick<LineChoice, 'kind' | 'property_name' | 'category' | 'investor_name' | 'description' | 'remember'>>;

/** What each kind records, as the kind select words it. */
export const KIND_WORDS: Record<EntryKind, string> = {
  property_income: 'Property income',
  lc_payment: 'Land-contract payment',
  deposit: 'Rental deposit',
  investment: 'Investment',
  property_expense: 'Property expense',
  investor_property_expense: 'Investor’s expense',
  llc_expense: 'LLC expense',
  cash_withdrawal: 'Cash withdrawal',
  investment_withdrawal: 'Return of capital',
  deposit_withdrawal: 'Deposit refund',
};

const moneyIn = (line: Pick<BankImportLine, 'amount'>) => line.amount > 0;

/** The kinds a line may record: money in takes the money-in kinds, money out the others. */
export const kindsFor = (line: Pick<BankImportLine, 'amount'>): readonly EntryKind[] => (moneyIn(line) ? MONEY_IN_KINDS : MONEY_OUT_KINDS);

const fits = (line: Pick<BankImportLine, 'amount'>, kind: EntryKind | '' | undefined) => !kind || isMoneyIn(kind) === moneyIn(line);

/** A line may be recorded while previewed and outside a closed period. */
export const selectable = (line: Pick<BankImportLine, 'closed' | 'decided'>): boolean => line.closed === null && line.decided === null;

/** Checked at first: the new lines; already imported, possible duplicates and closed lines wait for the admin. */
export const defaultSelection = (lines: readonly BankImportLine[]): Set<number> =>
  new Set(lines.filter((l) => l.status === 'new' && selectable(l)).map((l) => l.line));

/** The lines "Select all new" checks: every new line that may be recorded. */
export const newLines = defaultSelection;

/** Each line's choice as the server proposed it. */
export function initialChoices(lines: readonly BankImportLine[]): Choices {
  return Object.fromEntries(lines.map((l) => [l.line, {
    kind: l.proposal.kind && fits(l, l.proposal.kind) ? l.proposal.kind : '',
    property_name: l.proposal.property_name ?? '',
    category: l.proposal.category ?? '',
    investor_name: l.proposal.investor_name ?? '',
    description: l.proposal.description,
    remember: false,
    changed: false,
  } satisfies LineChoice]));
}

const samePayee = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** A kind change clears what the new kind's form does not ask for. */
function patched(choice: LineChoice, patch: ChoicePatch): LineChoice {
  const next = { ...choice, ...patch };
  if (patch.kind && patch.kind !== choice.kind) {
    const asks = CHOICES_OF_KIND[patch.kind];
    const before = choice.kind ? CHOICES_OF_KIND[choice.kind].category : null;
    const keepCategory = patch.category !== undefined || (asks.category !== null && asks.category === before);
    return { ...next, property_name: asks.property ? next.property_name : '', investor_name: asks.investor ? next.investor_name : '',
      category: keepCategory ? next.category : '' };
  }
  return next;
}

/**
 * The admin changed one line: it is marked changed, and the same choice (not the description, which is the
 * line's own) goes to every other line of the same payee the admin has not touched, when its direction fits.
 */
export function changeLine(lines: readonly BankImportLine[], choices: Choices, lineNo: number, patch: ChoicePatch): Choices {
  const line = lines.find((l) => l.line === lineNo);
  if (!line) return choices;
  const next: Record<number, LineChoice> = { ...choices, [lineNo]: { ...patched(choices[lineNo]!, patch), changed: true } };
  const { description: _own, remember: _rule, ...shared } = patch;
  if (Object.keys(shared).length === 0) return next;
  for (const other of lines) {
    const choice = choices[other.line];
    if (other.line === lineNo || !choice || choice.changed || !selectable(other) || !samePayee(other.payee, line.payee)) continue;
    if (!fits(other, shared.kind ?? choice.kind)) continue;
    next[other.line] = patched(choice, shared);
  }
  return next;
}

/** "Apply to selected": the patch on every checked line whose direction fits it; how many it reached. */
export function applyToSelected(lines: readonly BankImportLine[], choices: Choices, selected: ReadonlySet<number>, patch: ChoicePatch) {
  const next: Record<number, LineChoice> = { ...choices };
  let reached = 0;
  for (const line of lines) {
    if (!selected.has(line.line) || !fits(line, patch.kind ?? choices[line.line]?.kind)) continue;
    next[line.line] = { ...patched(choices[line.line]!, patch), changed: true };
    reached += 1;
  }
  return { choices: next as Choices, reached };
}

/** The commit's lines for the checked lines, or the first line that still needs a kind, in words. */
export function commitLines(lines: readonly BankImportLine[], choices: Choices, selected: ReadonlySet<number>, llcName: string):
  { lines: BankImportCommitLine[] } | { error: string } {
  const out: BankImportCommitLine[] = [];
  for (const line of lines) {
    if (!selected.has(line.line)) continue;
    const choice = choices[line.line]!;
    if (!choice.kind) return { error: `Line ${line.line}: choose what it records.` };
    const fields = formFieldsOf({ date: line.date, amountCents: centsOf(line.amount), payee: line.payee }, {
      kind: choice.kind, llc_name: llcName, property_name: choice.property_name || null, category: choice.category || null,
      investor_name: choice.investor_name || null, description: choice.description,
    });
    out.push({ ...fields, line: line.line, kind: choice.kind, ...(choice.remember ? { remember: true } : {}) });
  }
  return { lines: out };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "12 new · 3 already imported · 1 possible duplicate". */
export const countsText = (c: { new: number; already_imported: number; possible_duplicate: number }): string =>
  [`${c.new} new`, `${c.already_imported} already imported`, plural(c.possible_duplicate, 'possible duplicate', 'possible duplicates')].join(' · ');

/** The entry a possible duplicate may be: "Recorded 03/01/2026: Rent – Unit 2, $1,250.00". */
export const duplicateText = (d: NonNullable<BankImportLine['duplicate_of']>): string =>
  `Recorded ${formatDate(d.date)}: ${d.description || KIND_WORDS[d.kind]}, ${formatCurrency(d.amount)}`;

export const STATUS_WORDS: Record<BankImportLine['status'], string> = {
  new: 'New', already_imported: 'Already imported', possible_duplicate: 'Possible duplicate',
};
