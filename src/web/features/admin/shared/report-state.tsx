import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';

/** What a report shows while its answer is on the way: 'Loading...', with a spinner where the spec asks for one. */
export function ReportLoading({ spinner = false }: { spinner?: boolean }) {
  return (
    <div className="d-flex align-items-center gap-2 py-2 report-loading" role="status">
      {spinner && <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />}
      <span>Loading...</span>
    </div>
  );
}

/** A report the server refused or could not answer, in its plain words (a 401 or 422 has already gone to /). */
export function ReportFailure({ what, error }: { what: string; error: unknown }) {
  return <FormError message={`${what} could not be loaded: ${errorText(error)}`} />;
}

/** Logs a failed report read with the server's words (docs/product.md "Screens": other errors go to the console). */
export const logFailure = { onError: (err: Error) => console.error(errorText(err)) };

/** Notes the server asks the CPA to review (extension): a notice list, only when there are some. */
export function ReviewNotes({ notes, title = 'For the CPA to review' }: { notes: readonly string[]; title?: string }) {
  if (notes.length === 0) return null;
  return (
    <div className="alert alert-warning report-review mb-0" role="note">
      <p className="fw-semibold mb-1">{title}</p>
      <ul className="mb-0 ps-3">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </div>
  );
}
