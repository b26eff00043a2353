import type { Handlers } from '../../http/handlers.js';
import type { ExportsService } from './exports.service.js';

/** The admin's files: sent as attachments. */
export const exportsRoutes = (exports: ExportsService) =>
  ({
    taxPackage: ({ query }) => exports.taxPackage(query.selectedLLC, query.selectedTaxYear),
    ledgerExport: ({ query }) => exports.ledgerExport(query.from, query.to),
  }) satisfies Partial<Handlers>;
