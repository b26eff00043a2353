import { endpoints } from '../../../../contract/endpoints';
import { useMayCall } from '../../../lib/role';
import type { AdminFormProps } from '../shared/fields';
import { DocumentsList } from './documents-list';
import { UploadDocumentForm } from './upload-document-form';

/** "Documents": the vault's upload form, and every document with its versions, downloads and withdrawal. */
export function DocumentsPanel(props: AdminFormProps) {
  // The upload is the roles the table names; a role that only reads the vault sees the list.
  const canUpload = useMayCall(endpoints.uploadDocument);
  return (
    <div className="d-grid gap-4 report-stack">
      {canUpload && (
        <section aria-labelledby="upload-document-title">
          <h3 id="upload-document-title" className="admin-subtitle mb-2">Upload a document</h3>
          <UploadDocumentForm {...props} />
        </section>
      )}
      <DocumentsList />
    </div>
  );
}
