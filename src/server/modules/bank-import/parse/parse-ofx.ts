import { ValidationError } from '../../../lib/errors.js';
import type { ParsedStatement, StatementFormat, StatementLine } from '../bank-import-types.js';
import { ofxDecimalComma, parseAmountText } from './amount-text.js';
import { parseOfxDate } from './bank-dates.js';
import { readOfxTree, type OfxNode } from './ofx-xml.js';
import { checkLineCount, cleanText, emptyStatement } from './statement-text.js';

/**
 * The transactions of an OFX or QFX file: every STMTTRN of every bank statement (STMTRS) and credit card
 * statement (CCSTMTRS) in it, in file order. OFX signs amounts from the account holder's side (a card
 * purchase is negative), which is the portal's own convention, so no sign is flipped. A transaction
 * without a date or an amount is refused by its position: a bank file with a hole is not guessed at.
 */

type Aggregate = { [name: string]: OfxNode | OfxNode[] };

const isAggregate = (node: unknown): node is Aggregate => typeof node === 'object' && node !== null && !Array.isArray(node);

/** The children named `name`, whether the tree holds one or several. */
function childrenOf(node: Aggregate | undefined, name: string): OfxNode[] {
  const child = node?.[name];
  if (child === undefined) return [];
  return Array.isArray(child) ? child : [child];
}

function aggregateOf(node: Aggregate | undefined, name: string): Aggregate | undefined {
  return childrenOf(node, name).find(isAggregate);
}

/** A leaf's text, trimmed; undefined when missing or empty. */
function textOf(node: Aggregate | undefined, name: string): string | undefined {
  const leaf = childrenOf(node, name).find((c): c is string => typeof c === 'string');
  const text = leaf?.trim();
  return text ? text : undefined;
}

/** Every statement aggregate in the tree, in order: bank ones and credit card ones. */
function statementsOf(node: Aggregate): Aggregate[] {
  const found: Aggregate[] = [];
  for (const [name, value] of Object.entries(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (!isAggregate(child)) continue;
      if (name === 'STMTRS' || name === 'CCSTMTRS') found.push(child);
      else found.push(...statementsOf(child));
    }
  }
  return found;
}

/** The bank's id of the account: "BANKID:ACCTID" for a bank account, the card's ACCTID for a card. */
function accountOf(statement: Aggregate): string | null {
  const bank = aggregateOf(statement, 'BANKACCTFROM');
  if (bank) {
    const account = textOf(bank, 'ACCTID');
    const bankId = textOf(bank, 'BANKID');
    return account ? (bankId ? `${bankId}:${account}` : account) : null;
  }
  return textOf(aggregateOf(statement, 'CCACCTFROM'), 'ACCTID') ?? null;
}

export function parseOfx(text: string, format: Exclude<StatementFormat, 'csv'>): ParsedStatement {
  // Every OFX ends by closing <OFX>: a file without it was cut short, and its last transactions are missing.
  if (!/<\/OFX>/i.test(text)) throw new ValidationError('The OFX file is incomplete (it stops before its end): download it again from your bank.');
  const statements = statementsOf(readOfxTree(text));
  const lines: StatementLine[] = [];
  let notTransactions = 0;
  let position = 0;
  for (const statement of statements) {
    for (const trn of childrenOf(aggregateOf(statement, 'BANKTRANLIST'), 'STMTTRN')) {
      position += 1;
      const where = `Transaction ${position} of the file`;
      if (!isAggregate(trn)) throw new ValidationError(`${where} is empty: it has no date (DTPOSTED) and no amount (TRNAMT).`);
      const dateText = textOf(trn, 'DTPOSTED');
      if (!dateText) throw new ValidationError(`${where} has no date (DTPOSTED).`);
      const date = parseOfxDate(dateText);
      if (!date) throw new ValidationError(`${where}: the date “${dateText}” is not a date.`);
      const amountText = textOf(trn, 'TRNAMT');
      if (!amountText) throw new ValidationError(`${where} has no amount (TRNAMT).`);
      const amount = parseAmountText(amountText, { decimalComma: ofxDecimalComma(amountText) });
      if (!amount.ok) throw new ValidationError(`${where}: the amount “${amountText}” ${amount.reason}.`);
      if (amount.cents === 0) {
        notTransactions += 1;
        continue;
      }
      const memo = cleanText(textOf(trn, 'MEMO'));
      const payee = cleanText(textOf(trn, 'NAME') ?? textOf(aggregateOf(trn, 'PAYEE'), 'NAME')) || memo;
      lines.push({ line: lines.length + 1, date, amountCents: amount.cents, payee, memo, reference: textOf(trn, 'FITID')?.slice(0, 255) ?? null });
      checkLineCount(lines.length);
    }
  }
  if (lines.length === 0) emptyStatement();
  return {
    format,
    bankAccountId: statements.map(accountOf).find((id) => id !== null) ?? null,
    lines,
    notTransactions,
    csv: null,
  };
}
