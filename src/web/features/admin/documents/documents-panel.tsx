import type { AdminFormProps } from '../shared/fields';
import { DocumentsList } from './documents-list';
import { UploadDocumentForm } from './upload-document-form';

/** "Documents": the vault's upload form, and every document with its versions, downloads and withdrawal. */
export function DocumentsPanel(props: AdminFormProps) {
  return (
    <div className="d-grid gap-4 report-stack">
      <section aria-labelledby="upload-document-title">
        <h3 id="upload-document-title" className="admin-subtitle mb-2">Upload a document</h3>
        <UploadDocumentForm {...props} />
      </section>
      <DocumentsList />
    </div>
  );
}
