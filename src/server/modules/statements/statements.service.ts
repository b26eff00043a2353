import type { DownloadFile } from '../../../contract/endpoint.js';
import { isStaff } from '../../../contract/roles.js';
import type { Config } from '../../config.js';
import { dayBefore } from '../../domain/dates.js';
import { heldNothing, statementFigures, type StatementFigures } from '../../domain/statement.js';
import type { Clock } from '../../lib/clock.js';
import { ValidationError, NotFoundError } from '../../lib/errors.js';
import { documentLogo } from '../../lib/portal-logo.js';
import { pdfThreadSettings, renderPdfOffThread } from '../../lib/pdf/pdf-off-thread.js';
import { Readable } from 'node:stream';
import { createZipWriter, safeFileName, uniqueNames } from '../../lib/zip-stream.js';
import type { SessionUser } from '../auth/auth.js';
import type { BooksService } from '../read-model/read-model.js';
import type { InvestorPortalService } from '../investor-portal/investor-portal.service.js';
import { findInvestorById } from '../investors/investors.js';
import { capitalCallsInPeriod } from '../capital-calls/capital-calls.js';
import { insertStatementDownload } from '../investor-corrections/investor-corrections.js';
import { statementDocument, type StatementCall } from './statement-document.js';
import { investorsWithMoneyBy, statementEntries } from './statements.repository.js';

/** Investor statements: the figures of a period and their PDF. */
export function createStatementsService(deps: { books: BooksService; investorPortal: InvestorPortalService; portal: Config['portal']; clock: Clock }) {
  const { books, investorPortal, portal, clock } = deps;
  const logoPng = documentLogo(portal);

  /** A period the books can answer: from ≤ to, and not past today (figures of the future do not exist). */
  function checkPeriod(from: string, to: string): void {
    if (from > to) throw new ValidationError('From must be on or before To.');
    if (to > books.today()) throw new ValidationError('To cannot be a date in the future.');
  }

  /**
   * One snapshot: the books the day before `from` (opening) and on `to` (closing), through the same
   * read the investor summary uses, so every closing figure is the summary's as of `to`.
   */
  async function figures(
    investorId: number, from: string, to: string,
  ): Promise<{ investorName: string; figures: StatementFigures; capitalCalls: StatementCall[] }> {
    checkPeriod(from, to);
    return books.computed(async (tx) => {
      const investor = await findInvestorById(tx, investorId);
      if (!investor) throw new NotFoundError('Investor not found.');
      const opening = await books.investorAt(tx, investorId, dayBefore(from));
      const closing = await books.investorAt(tx, investorId, to);
      const entries = await statementEntries(tx, investorId, from, to);
      const capitalCalls = await capitalCallsInPeriod(tx, investorId, from, to);
      return { investorName: investor.name, figures: statementFigures({ investorId, from, to, opening, closing, entries }), capitalCalls };
    });
  }

  const documentOf = async (investorName: string, from: string, to: string, f: StatementFigures, calls: StatementCall[]) =>
    statementDocument({ portalName: portal.name, logoPng: await logoPng(), investorName, from, to, openingDate: dayBefore(from), preparedAt: clock.now() }, f, calls);

  async function pdf(investorId: number, from: string, to: string): Promise<DownloadFile> {
    const { investorName, figures: f, capitalCalls } = await figures(investorId, from, to);
    return { fileName: `Statement ${investorName} ${from} to ${to}.pdf`, body: await renderPdfOffThread(await documentOf(investorName, from, to, f, capitalCalls)) };
  }

  /**
   * Every statement of a period in one zip, written while it is sent, in the investors' order: a few
   * prepared ahead (one per PDF thread), so memory stays at a few statements and other requests are
   * served between them. A client that goes away stops the work (the layouts under way finish).
   */
  async function allStatements(from: string, to: string): Promise<DownloadFile> {
    checkPeriod(from, to);
    const candidates = await investorsWithMoneyBy(books.db, to);
    const zip = createZipWriter();
    const gone = new Promise<void>((resolve) => zip.stream.once('close', resolve));
    // Statements are prepared while the last one is sent: figures here, layout on a PDF thread. A
    // failure is held until its turn (a rejection nobody awaits yet would end the process).
    const prepare = async ({ id, name }: { id: number; name: string }) => {
      const { figures: f, capitalCalls } = await figures(id, from, to);
      return heldNothing(f) ? null : { name, pdf: await renderPdfOffThread(await documentOf(name, from, to, f, capitalCalls)) };
    };
    const held = (p: Promise<{ name: string; pdf: Buffer } | null>) => p.then((value) => ({ value }), (error: unknown) => ({ error }));
    const entryName = uniqueNames();
    // As many statements prepared ahead as there are PDF threads, so each has one to lay out while the
    // last is sent; memory stays at that many statements and the one being sent.
    const ahead: ReturnType<typeof held>[] = [];
    let queued = 0;
    const fill = () => {
      while (ahead.length < pdfThreadSettings.threads && queued < candidates.length) ahead.push(held(prepare(candidates[queued++]!)));
    };
    const write = async () => {
      fill();
      for (let next = ahead.shift(); next; next = ahead.shift()) {
        const ready = await next;
        fill();
        if ('error' in ready) throw ready.error;
        if (!ready.value) continue;
        const { name, pdf } = ready.value;
        const sent = new Promise<void>((resolve) =>
          zip.add(entryName(safeFileName(`Statement ${name} ${from} to ${to}`), '.pdf'), () => Readable.from([pdf]).once('end', resolve), { modified: clock.now() }),
        );
        if ((await Promise.race([sent.then(() => 'sent'), gone.then(() => 'gone')])) === 'gone') return;
      }
      zip.finish();
    };
    write().catch((err: unknown) => zip.stream.destroy(err instanceof Error ? err : new Error(String(err))));
    return { fileName: `Statements ${from} to ${to}.zip`, body: zip.stream, fileCount: candidates.length };
  }

  return {
    figures,
    /** GET /admin/statements: one PDF per investor who held capital or cash in the period. */
    allStatements,
    /** GET /api/investor_statement: an investor's own; an admin's of anyone (docs/security.md Z2). */
    async statement(user: SessionUser, investorName: string | undefined, from: string, to: string): Promise<DownloadFile> {
      const investorId = await investorPortal.readableInvestorId(user, investorName);
      const file = await pdf(investorId, from, to);
      // Shown to the investor (by them or their delegate, not staff): a correction into this period from
      // now on is told as one (docs/decisions.md 50).
      if (!isStaff(user.role)) await insertStatementDownload(books.db, { investorId, from, to, downloadedBy: user.userId, at: clock.now() });
      return file;
    },
  };
}

export type StatementsService = ReturnType<typeof createStatementsService>;
