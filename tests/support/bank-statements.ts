/**
 * Bank statements as a bank's download would hold them, written from integer cents, for the bank-import
 * tests and the bench: OFX 1.x (SGML after the `OFXHEADER:100` header, end tags left out where the
 * standard allows), OFX 2.x (XML), QFX (OFX 1.x with Quicken's INTU.BID), and a plain
 * Date,Amount,Description CSV. Amounts are written by cutting the cents' digits, never through a float.
 */

export type StatementLineSpec = {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** Money in positive, money out negative. */
  amountCents: number;
  payee: string;
  memo?: string;
  /** The bank's id for the line (OFX FITID); required in OFX, where every transaction has one. */
  fitid: string;
};

export type OfxStatementSpec = {
  bankId: string;
  acctId: string;
  lines: readonly StatementLineSpec[];
  /** 1: SGML (version 102); 2: XML (version 220). */
  version: 1 | 2;
  /** Quicken's QFX: OFX 1.x with the INTU.BID sign-on tag. */
  quicken?: boolean;
  /** The ledger balance reported after the last line; the lines' sum when left out. */
  balanceCents?: number;
};

/** Integer cents as decimal text: -123456 → "-1234.56", 5 → "0.05". */
export function decimalOfCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not whole cents: ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Text inside an OFX element: both dialects take the XML entities for &, < and >. */
const ofxText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const compactDate = (iso: string): string => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) throw new Error(`not an ISO date: ${iso}`);
  return iso.replace(/-/g, '');
};

/**
 * One element: in SGML an aggregate's children are closed but a value's element is not (as banks
 * write it); in XML every element is closed.
 */
type Node = [tag: string, value: string | Node[]];

function render(node: Node, xml: boolean, depth = 0): string {
  const [tag, value] = node;
  const pad = '  '.repeat(depth);
  if (typeof value === 'string') return `${pad}<${tag}>${value}${xml ? `</${tag}>` : ''}`;
  return [`${pad}<${tag}>`, ...value.map((child) => render(child, xml, depth + 1)), `${pad}</${tag}>`].join('\n');
}

const SGML_HEADER = [
  'OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'SECURITY:NONE', 'ENCODING:USASCII', 'CHARSET:1252',
  'COMPRESSION:NONE', 'OLDFILEUID:NONE', 'NEWFILEUID:NONE',
].join('\r\n');

const XML_HEADER = [
  '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
  '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>',
].join('\n');

/** A bank statement (one checking account) as OFX 1.x SGML, OFX 2.x XML or QFX. */
export function ofxStatement(spec: OfxStatementSpec): string {
  const xml = spec.version === 2;
  const dates = spec.lines.map((l) => compactDate(l.date)).sort();
  const first = dates[0] ?? '20250101';
  const last = dates.at(-1) ?? first;
  // A time and zone on the server's date, as many banks write it; the lines carry bare dates (both occur).
  const stamped = (d: string) => `${d}120000.000[-5:EST]`;
  const balance = spec.balanceCents ?? spec.lines.reduce((sum, l) => sum + l.amountCents, 0);
  const status: Node = ['STATUS', [['CODE', '0'], ['SEVERITY', 'INFO']]];
  const transaction = (l: StatementLineSpec): Node => ['STMTTRN', [
    ['TRNTYPE', l.amountCents < 0 ? 'DEBIT' : 'CREDIT'],
    ['DTPOSTED', compactDate(l.date)],
    ['TRNAMT', decimalOfCents(l.amountCents)],
    ['FITID', ofxText(l.fitid)],
    ['NAME', ofxText(l.payee)],
    ...(l.memo ? [['MEMO', ofxText(l.memo)] as Node] : []),
  ]];
  const ofx: Node = ['OFX', [
    ['SIGNONMSGSRSV1', [['SONRS', [
      status,
      ['DTSERVER', stamped(last)],
      ['LANGUAGE', 'ENG'],
      ['FI', [['ORG', 'Test Bank'], ['FID', '1001']]],
      ...(spec.quicken ? [['INTU.BID', '1001'] as Node] : []),
    ]]]],
    ['BANKMSGSRSV1', [['STMTTRNRS', [
      ['TRNUID', '1'],
      status,
      ['STMTRS', [
        ['CURDEF', 'USD'],
        ['BANKACCTFROM', [['BANKID', ofxText(spec.bankId)], ['ACCTID', ofxText(spec.acctId)], ['ACCTTYPE', 'CHECKING']]],
        ['BANKTRANLIST', [['DTSTART', stamped(first)], ['DTEND', stamped(last)], ...spec.lines.map(transaction)]],
        ['LEDGERBAL', [['BALAMT', decimalOfCents(balance)], ['DTASOF', stamped(last)]]],
      ]],
    ]]]],
  ]];
  return xml ? `${XML_HEADER}\n${render(ofx, true)}\n` : `${SGML_HEADER}\r\n\r\n${render(ofx, false).replace(/\n/g, '\r\n')}\r\n`;
}

export type CsvStatementSpec = {
  lines: readonly Omit<StatementLineSpec, 'fitid'>[];
  /** How the Date column writes a date; ISO by default. */
  dateFormat?: 'YYYY-MM-DD' | 'MM/DD/YYYY';
};

/** The column mapping (the contract's CsvMapping) of csvStatement's layout. */
export const csvMappingOf = (dateFormat: CsvStatementSpec['dateFormat'] = 'YYYY-MM-DD') =>
  ({ date: 'Date', amount: 'Amount', payee: 'Description', date_format: dateFormat }) as const;

const csvCell = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** A plain bank CSV: a Date,Amount,Description header, one row a line, money out negative, no ids. */
export function csvStatement(spec: CsvStatementSpec): string {
  const dateOf = (iso: string) => (spec.dateFormat === 'MM/DD/YYYY' ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : iso);
  const rows = spec.lines.map((l) => [dateOf(l.date), decimalOfCents(l.amountCents), l.payee].map(csvCell).join(','));
  return `${['Date,Amount,Description', ...rows].join('\r\n')}\r\n`;
}
