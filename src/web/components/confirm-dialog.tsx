import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { trapTab } from './trap-tab';

/**
 * A modal confirmation (docs/product.md "Look and feel", "dialogs trap focus and return it"): the native <dialog> opened with
 * showModal(), so the page behind is inert and Escape cancels. Tab and Shift+Tab cycle inside it; on
 * close, focus goes back to the control that opened it (if that control is still on the page).
 */
type Props = {
  open: boolean;
  title: string;
  /** The question, read out as the dialog's description. */
  message: string;
  confirmLabel: string;
  /** A destructive action shows a red confirm button. */
  danger?: boolean;
  /** The request is in flight: both buttons wait (focus stays on them) and Escape does nothing. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
};


export function ConfirmDialog({ open, title, message, confirmLabel, danger, busy, onConfirm, onCancel, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    cancelRef.current?.focus(); // the safe choice first
    return () => {
      if (dialog.open) dialog.close();
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
    };
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => trapTab(e, ref.current);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault(); // React state decides when it closes
        if (!busy) onCancel();
      }}
    >
      {open && (
        <form
          method="dialog"
          className="confirm-dialog-body"
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) onConfirm();
          }}
        >
          <h2 id={titleId} className="h5 mb-3">
            {title}
          </h2>
          <p id={messageId} className="mb-3">
            {message}
          </p>
          {children}
          <div className="d-flex justify-content-end gap-2 mt-4">
            <button ref={cancelRef} type="button" className={`btn btn-outline-secondary${busy ? ' disabled' : ''}`}
              aria-disabled={busy || undefined} onClick={() => !busy && onCancel()}>
              Cancel
            </button>
            <button type="submit" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}${busy ? ' disabled' : ''}`}
              aria-disabled={busy || undefined}>
              {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              {confirmLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
