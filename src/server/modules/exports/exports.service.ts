import type { DownloadFile } from '../../../contract/endpoint.js';
import { toCsv } from '../../../contract/values/csv.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ValidationError } from '../../lib/errors.js';
import { renderPdfOffThread } from '../../lib/pdf/pdf-off-thread.js';
import { documentLogo } from '../../lib/portal-logo.js';
import { createZipWriter, safeFileName, uniqueNames, type ZipContent } from '../../lib/zip-stream.js';
import { existingLlc } from '../references.js';
import type { ReportsService } from '../reports/reports.service.js';
import { ledgerCsv } from './ledger-csv.js';
import { llcTaxDocument } from './llc-tax-document.js';
import { FIELD_COLUMNS, llcFieldRows, llcMemberRows, MEMBER_COLUMNS, PROPERTY_TAX_COLUMNS, propertyTaxRows } from './llc-tax-tables.js';
import { taxPackageReadme } from './tax-package-readme.js';

/** The admin's files: the ledger as CSV, and an LLC's tax package for its CPA. */
export function createExportsService(deps: { db: Db; reports: ReportsService; portal: Config['portal']; clock: Clock }) {
  const { db, reports, portal, clock } = deps;
  const logoPng = documentLogo(portal);

  return {
    /** GET /admin/ledger_export: every entry dated in the period, voided ones included and marked. */
    async ledgerExport(from: string, to: string): Promise<DownloadFile> {
      if (from > to) throw new ValidationError('From must be on or before To.');
      return { fileName: `Ledger ${from} to ${to}.csv`, body: await ledgerCsv(db, { from, to }) };
    },

    /**
     * GET /admin/tax_package: the LLC tax report as PDF and CSV, each property's tax summary, the LLC's
     * ledger of the year and a README, in one zip. Everything is read in one read-only snapshot of the
     * books, so the files agree with each other to the cent while others write (the PDF and its CSV, the
     * property summaries and the ledger are one state of the books); the files are made after it closes.
     * The figures are the llc_taxes and property_taxes answers' own (reports.taxPackageFigures).
     */
    async taxPackage(llcName: string, year: number): Promise<DownloadFile> {
      const { llc, report, properties, ledger } = await db.snapshot(async (tx) => {
        const found = await existingLlc(tx, llcName);
        const figures = await reports.taxPackageFigures(tx, found.id, year);
        // The year's ledger of one LLC, read whole while the snapshot is open (a page read after it could
        // see a later void) and held as its CSV text, one LLC's year, until the zip sends it.
        const chunks: Uint8Array[] = [];
        for await (const chunk of await ledgerCsv(tx, { from: `${year}-01-01`, to: `${year}-12-31`, llcId: found.id })) chunks.push(chunk);
        return { llc: found, ...figures, ledger: Buffer.concat(chunks) };
      });
      const preparedAt = clock.now();
      const base = safeFileName(`${llc.name} ${year}`);
      const entryName = uniqueNames();
      const spec = llcTaxDocument({ portalName: portal.name, logoPng: await logoPng(), llcName: llc.name, year, preparedAt }, report);
      const files: { name: string; holds: string; content: ZipContent }[] = [
        { name: `${base} - LLC tax report.pdf`, holds: 'The LLC tax report: the fields, every member table and the review notes, for printing.', content: await renderPdfOffThread(spec) },
        { name: `${base} - LLC tax report - fields.csv`, holds: 'The report\'s fields: the LLC\'s details (Text) and its totals (Amount).', content: toCsv(FIELD_COLUMNS, llcFieldRows(report)) },
        { name: `${base} - LLC tax report - members.csv`, holds: 'Every member table in one list: Table, Member, Property or Category, Amount (ready for a pivot table).', content: toCsv(MEMBER_COLUMNS, llcMemberRows(report)) },
        ...properties.map((p) => ({
          name: entryName(`${base} - property - ${safeFileName(p.name)}`, '.csv'),
          holds: `${p.name}: the year's income and expenses by category${p.taxes.lc_summary ? ', and how the land-contract payments split' : ''}.`,
          content: toCsv(PROPERTY_TAX_COLUMNS, propertyTaxRows(p.taxes)),
        })),
        {
          name: `${base} - ledger.csv`,
          holds: `Every ledger entry of the LLC and its properties dated in ${year}, voided ones included and marked.`,
          content: ledger,
        },
      ];
      const zip = createZipWriter();
      zip.add('README.txt', taxPackageReadme({ llcName: llc.name, year, portalName: portal.name, preparedAt, files }), { modified: preparedAt });
      for (const f of files) zip.add(f.name, f.content, { modified: preparedAt });
      zip.finish();
      return { fileName: `Tax package ${llc.name} ${year}.zip`, body: zip.stream, fileCount: files.length + 1 };
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
