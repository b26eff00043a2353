import type { Handlers } from '../../http/handlers.js';
import type { BankImportService } from './bank-import.service.js';

/** Bank statements in: the import itself (contract/endpoints.ts, "bank statements in"). */
export const bankImportRoutes = (imports: BankImportService) =>
  ({
    bankImportPreview: ({ body, write }) => imports.preview(body, write()),
    bankImport: ({ query }) => imports.read(query.import_id),
    bankImports: ({ query }) => imports.list(query.llc_name),
    bankImportCommit: ({ body, write }) => imports.commit(body, write()),
    bankImportUndo: ({ body, write }) => imports.undo(body, write()),
  }) satisfies Partial<Handlers>;
