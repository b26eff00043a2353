import { dayText } from '../../../contract/values/human-format.js';

/** README.txt of a CPA tax package: what each file holds and on which rules (docs/rules/tax-reports.md). */
export function taxPackageReadme(h: { llcName: string; year: number; portalName: string; preparedAt: Date; files: { name: string; holds: string }[] }): string {
  const lines = [
    `Tax package: ${h.llcName}, tax year ${h.year}`,
    `Prepared by ${h.portalName} on ${dayText(h.preparedAt)} from the books as they stood that day.`,
    '',
    'FILES',
    ...h.files.flatMap((f) => [`  ${f.name}`, `      ${f.holds}`]),
    '',
    'RULES',
    '  - Cash basis: an income or expense item counts in the tax year of its date.',
    '  - Members: each item is shared among the members by the capital each held in the property in the',
    "    item's month (an investment made after the 15th counts from the next month). LLC expenses are",
    '    shared by the capital each member held in the LLC that month.',
    '  - Each member figure is the exact sum of that member\'s shares, rounded to the cent once.',
    '  - Rental income is reported per property; land-contract (installment sale) properties are portfolio',
    '    income: interest, and the gain on the principal received in the year. A mortgage the buyer took over',
    '    is left out of the contract price except its excess over basis; a contract rate below the applicable',
    '    federal rate is split on the present value of its payments at that rate (IRC §483/§1274; see the notes).',
    '  - UBIA: unadjusted basis of qualified property, by the capital members held in December.',
    '  - Management fees are shown apart; they are not deducted from the members\' income here.',
    '  - Voided entries are excluded from every figure; the ledger file lists them, marked, for the audit trail.',
    '',
    'FORMAT',
    '  CSV files are UTF-8 (with a byte order mark for spreadsheets), comma separated, CRLF line ends.',
    '  Amounts are plain decimals with two places and no currency symbol; dates are YYYY-MM-DD (this file',
    '  and the PDF write them as 12/31/2025 and $1,234.56, the way the portal shows them).',
    "  A text cell that begins with =, +, -, @, a tab or a carriage return starts with ' so a spreadsheet",
    '  shows it as text and never runs it as a formula.',
    '',
  ];
  return lines.join('\r\n');
}
