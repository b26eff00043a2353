import { fileRoute, route } from '../../../lib/api-client';

/** The vault's calls of the investor page, as routes: the page loads without the table's zod schemas. */
export const documentCalls = {
  documents: route('documents', 'GET', '/api/documents'),
  document: fileRoute('document', 'GET', '/api/document', 'application/octet-stream'),
};
