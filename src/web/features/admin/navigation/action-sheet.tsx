import { useEffect, useId, useRef, useState } from 'react';
import { trapTab } from '../../../components/trap-tab';
import type { AdminAction } from '../admin-actions';
import { ActionFinder } from './action-finder';

/**
 * Below 992 px, where the side menu does not fit: a button that opens the same grouped, searchable list
 * in a sheet rising from the bottom. A native modal <dialog> (the page behind is inert, Escape closes);
 * Tab stays inside it, the search box takes the focus, and closing gives the focus back to the button.
 */
export function ActionSheet({ actions, current }: { actions: readonly AdminAction[]; current: AdminAction }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const titleId = useId();

  useEffect(() => {
    const sheet = dialog.current;
    const opener = button.current;
    if (!open || !sheet) return;
    if (!sheet.open) sheet.showModal();
    search.current?.focus();
    return () => {
      if (sheet.open) sheet.close();
      opener?.focus();
    };
  }, [open]);

  return (
    <>
      <button ref={button} type="button" className="btn btn-outline-primary admin-sheet-button" aria-haspopup="dialog"
        aria-expanded={open} onClick={() => setOpen(true)}>
        <span aria-hidden="true" className="admin-sheet-button-icon">☰</span> All actions
      </button>
      <dialog ref={dialog} className="admin-sheet" aria-labelledby={titleId}
        onKeyDown={(e) => trapTab(e, dialog.current)}
        onCancel={(e) => {
          e.preventDefault(); // the state decides when it closes
          setOpen(false);
        }}
        // A tap on the dimmed page above the sheet closes it, as on a phone's own sheets.
        onClick={(e) => e.target === dialog.current && setOpen(false)}>
        {open && (
          <div className="admin-sheet-body">
            <div className="admin-sheet-header">
              <h2 id={titleId} className="h5 mb-0">
                All actions
              </h2>
              <button type="button" className="btn-close" aria-label="Close" onClick={() => setOpen(false)} />
            </div>
            <ActionFinder actions={actions} current={current} inputRef={search} onOpen={() => setOpen(false)} />
          </div>
        )}
      </dialog>
    </>
  );
}
