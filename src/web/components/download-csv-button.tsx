import { useState } from 'react';
import { errorText, saveFile } from '../lib/api-client';
import { csvBlob } from '../lib/csv-export';

type Props = {
  /** The table's title as the page shows it; the button is announced as "Download CSV of {table}". */
  table: string;
  /** The file's name, from csvFileName ("Income History - A.csv"). */
  fileName: string;
  /** An empty table has nothing to download: no button then. */
  hasRows: boolean;
  /**
   * The file's text: made from the rows the screen holds, or from every page of a paged read, which can
   * fail; the reason then shows beside the button.
   */
  csv: () => string | Promise<string>;
  className?: string;
};

/**
 * "Download CSV" beside a table: the same rows the table shows, all of them, as a file
 * made in the browser. Its accessible name starts with the visible words (WCAG 2.5.3, so a voice user
 * saying "Download CSV" finds it) and then says which table, since a screen has several.
 */
export function DownloadCsvButton({ table, fileName, hasRows, csv, className = '' }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!hasRows) return null;

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(csvBlob(await csv()), fileName);
    } catch (err) {
      const message = `The CSV of ${table} could not be made: ${errorText(err)}`;
      console.error(message);
      setError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`d-flex flex-wrap align-items-center gap-2 d-print-none csv-download ${className}`.trim()}>
      <button type="button" className="btn btn-sm btn-outline-secondary text-nowrap" disabled={busy} aria-busy={busy}
        aria-label={`Download CSV of ${table}`} onClick={() => void save()}>
        {busy && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
        Download CSV
      </button>
      {error && (
        <span className="small text-danger" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
