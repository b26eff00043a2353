import type { DownloadFile } from '../../../contract/endpoint.js';
import { toCsv } from '../../../contract/values/csv.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError } from '../../lib/errors.js';
import { nachaFile, type NachaEntry } from '../../lib/nacha/nacha-file.js';
import { achSettings } from '../ach-settings/ach-settings.js';
import type { Db } from '../../db/client.js';
import type { DistributionRunsService } from './distribution-runs.service.js';
import type { LineRow } from './distribution-runs.repository.js';

const csvFile = (fileName: string, text: string): DownloadFile => ({ fileName, body: Buffer.from(text, 'utf8') });

/** How a line is paid, as the files and the screen say it: "ACH ••••1234" or "Check". */
const methodText = (l: LineRow) => (l.method === 'ach' ? `ACH ${l.accountLast4 ?? ''}`.trim() : 'Check');

/** A mailing address kept on one line per field of the CSV: the investor record's address as typed, its lines joined. */
const oneLine = (address: string) => address.split(/\r?\n/).map((s) => s.trim()).filter(Boolean).join(', ');

/**
 * A run's downloads: every line as CSV; once approved, the checks to write (name, amount, mailing address) and
 * the NACHA file of the ACH lines for the group's bank. The ACH lines are paid to the approved account whose
 * last four digits the run fixed at approval; an account changed since then refuses the file, so money never
 * goes to an account the approving admin did not see.
 */
export function createRunFiles({ db, clock, runs }: { db: Db; clock: Clock; runs: DistributionRunsService }) {
  return {
    async csv(id: number): Promise<DownloadFile> {
      const { run, lines } = await runs.forFiles(id, { approved: false });
      return csvFile(`run-${run.id}.csv`, toCsv<LineRow>([
        { header: 'Investor', kind: 'text', value: (l) => l.investorName },
        { header: 'Cash available', kind: 'cents', value: (l) => l.cashAvailableCents },
        { header: 'Computed', kind: 'cents', value: (l) => l.computedCents },
        { header: 'Amount', kind: 'cents', value: (l) => l.amountCents },
        { header: 'Payment', kind: 'text', value: (l) => (l.amountCents > 0 ? methodText(l) : '') },
        { header: 'Date', kind: 'date', value: () => run.date },
        { header: 'Status', kind: 'text', value: () => run.status },
        { header: 'Ledger entry', kind: 'number', value: (l) => l.entryId },
      ], lines));
    },

    async checks(id: number): Promise<DownloadFile> {
      const { run, lines } = await runs.forFiles(id, { approved: true });
      const checks = lines.filter((l) => l.amountCents > 0 && l.method === 'check');
      return csvFile(`run-${run.id}-checks.csv`, toCsv<LineRow>([
        { header: 'Name', kind: 'text', value: (l) => l.investorName },
        { header: 'Amount', kind: 'cents', value: (l) => l.amountCents },
        { header: 'Mailing address', kind: 'text', value: (l) => oneLine(l.address) },
        { header: 'Memo', kind: 'text', value: () => run.memo },
        { header: 'Date', kind: 'date', value: () => run.date },
      ], checks));
    },

    async nacha(id: number): Promise<DownloadFile> {
      const { run, lines, accounts } = await runs.forFiles(id, { approved: true });
      const settings = await achSettings(db);
      if (!settings) {
        throw new ConflictError('The ACH details are not set yet: an admin sets the company name, company ID and bank routing numbers '
          + 'in People and setup → Manage LLCs, "ACH details for distribution payments". Then download the file again.');
      }
      const ach = lines.filter((l) => l.amountCents > 0 && l.method === 'ach');
      if (ach.length === 0) throw new ConflictError(`Distribution run ${run.id} pays no one by ACH: every payment is a check.`);
      const entries: NachaEntry[] = ach.map((l) => {
        const account = accounts.get(l.investorId);
        if (!account || account.lastFour !== l.accountLast4) {
          throw new ConflictError(`${l.investorName}'s bank account changed since the run was approved (it was ••••${l.accountLast4 ?? ''}): `
            + 'pay this line by check, or void its withdrawal and pay it in a new run.');
        }
        return {
          name: account.holderName || l.investorName, routingNumber: account.routingNumber, accountNumber: account.accountNumber,
          accountType: account.accountType, amountCents: l.amountCents, individualId: `R${run.id}I${l.investorId}`,
        };
      });
      const now = clock.now();
      const today = now.toISOString().slice(0, 10);
      const text = nachaFile({ settings, createdAt: now, effectiveDate: run.date > today ? run.date : today, description: 'DISTRIB', entries });
      return { fileName: `run-${run.id}.ach`, body: Buffer.from(text, 'ascii'), contentType: 'text/plain' };
    },
  };
}

export type RunFiles = ReturnType<typeof createRunFiles>;
