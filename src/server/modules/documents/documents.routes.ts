import type { Handlers } from '../../http/handlers.js';
import type { DocumentsService } from './documents.service.js';

/** The document vault's calls (contract/endpoints.ts, "the document vault"). */
export const documentsRoutes = (documents: DocumentsService) =>
  ({
    uploadDocument: ({ body, write }) => documents.upload(body, write()),
    replaceDocument: ({ body, write }) => documents.replace(body, write()),
    withdrawDocument: ({ body, write }) => documents.withdraw(body, write()),
    documents: ({ user, query }) => documents.list(user, query),
    document: ({ user, query }) => documents.download(user, query),
    adminDocuments: () => documents.adminList(),
    documentDownloads: ({ query }) => documents.downloads(query.id),
  }) satisfies Partial<Handlers>;
