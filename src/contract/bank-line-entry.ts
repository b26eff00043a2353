import type { EntryKind } from './schemas/corrections.js';
import { MONEY_IN_KINDS } from './schemas/bank-import.js';

/**
 * A bank line as the recording form of a kind takes it: the one place that knows which of a form's
 * fields the line's date, amount and payee fill. The preview screen builds a commit line with it, and
 * the server fills a commit line's left-out date and amount with it, so the two cannot disagree.
 */

export type BankLineFacts = {
  date: string;
  /** Cents, money in positive. */
  amountCents: number;
  payee: string;
};

export type BankLineChoice = {
  kind: EntryKind;
  llc_name: string;
  property_name?: string | null;
  category?: string | null;
  investor_name?: string | null;
  description: string;
};

/** Money in records income, a land-contract payment, a deposit or an investment; the rest is money out. */
export const isMoneyIn = (kind: EntryKind): boolean => (MONEY_IN_KINDS as readonly string[]).includes(kind);

const decimal = (cents: number): string => {
  const abs = Math.abs(cents);
  return `${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** The form fields of the choice for the line (the commit line without `line` and `kind`). */
export function formFieldsOf(line: BankLineFacts, choice: BankLineChoice): Record<string, unknown> {
  const amount = decimal(line.amountCents);
  const month = line.date.slice(0, 7);
  const description = choice.description;
  const property_name = choice.property_name ?? undefined;
  const investor_name = choice.investor_name ?? undefined;
  const category = choice.category ?? undefined;
  const payer = line.payee.slice(0, 100) || 'Bank';
  switch (choice.kind) {
    case 'property_income':
      return { income_date: line.date, income_for_month: month, property_name, description, amount, income_category: category };
    case 'lc_payment':
      return { payment_date: line.date, property_name, description, amount };
    case 'property_expense':
      return { expense_date: line.date, expense_for_month: month, property_name, description, amount, expense_category: category, payer };
    case 'investor_property_expense':
      return { expense_date: line.date, expense_for_month: month, property_name, investor: investor_name, description, amount,
        expense_category: category, payer };
    case 'llc_expense':
      return { expense_date: line.date, llc_name: choice.llc_name, description, amount, expense_category: category, payer };
    case 'deposit':
      return { property_name, amount, date: line.date, notes: description };
    case 'deposit_withdrawal':
      return { property_name, date: line.date, notes: description, amount };
    case 'investment':
      return { property_name, investor_name, date: line.date, amount };
    case 'investment_withdrawal':
      return { investor_name, property_name, date: line.date, amount };
    case 'cash_withdrawal':
      return { investor_name, date: line.date, description, amount };
  }
}

/** The field of each kind's form that holds the date, and the one that holds the amount. */
export const DATE_FIELD: Record<EntryKind, string> = {
  property_income: 'income_date', lc_payment: 'payment_date', property_expense: 'expense_date',
  investor_property_expense: 'expense_date', llc_expense: 'expense_date', deposit: 'date', deposit_withdrawal: 'date',
  investment: 'date', investment_withdrawal: 'date', cash_withdrawal: 'date',
};

/** Which of property, category and investor a kind's form asks for (the preview's editor shows only those). */
export const CHOICES_OF_KIND: Record<EntryKind, { property: boolean; category: 'income' | 'property_expense' | 'llc_expense' | null; investor: boolean }> = {
  property_income: { property: true, category: 'income', investor: false },
  lc_payment: { property: true, category: null, investor: false },
  property_expense: { property: true, category: 'property_expense', investor: false },
  investor_property_expense: { property: true, category: 'property_expense', investor: true },
  llc_expense: { property: false, category: 'llc_expense', investor: false },
  deposit: { property: true, category: null, investor: false },
  deposit_withdrawal: { property: true, category: null, investor: false },
  investment: { property: true, category: null, investor: true },
  investment_withdrawal: { property: true, category: null, investor: true },
  cash_withdrawal: { property: false, category: null, investor: true },
};
