/**
 * The submit button of a form that prepares a file (a statement, a zip, the ledger): it says
 * "Preparing…" and takes no second click while the file is made, which can take seconds.
 */
export function PrepareSubmit({ busy, label }: { busy: boolean; label: string }) {
  return (
    <div className="col-12 col-md-auto statement-action">
      <button type="submit" className="btn btn-primary w-100" disabled={busy}>
        {busy ? 'Preparing…' : label}
      </button>
    </div>
  );
}
