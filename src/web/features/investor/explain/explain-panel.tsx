import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { trapTab } from '../../../components/trap-tab';
import { explainLabel, type ExplainTarget } from './explain-figures';
import { ExplainBody } from './explain-body';
import { useExplanation } from './use-explanation';

type Props = {
  target: ExplainTarget | null;
  opener: HTMLElement | null;
  investorName: string | undefined;
  ownerName: string;
  onClose: () => void;
};


/**
 * "How is this calculated?": a side panel over the page, the whole width of a phone. The
 * native <dialog> opened with showModal() makes the page behind inert and closes on Escape; focus
 * starts on Close, Tab cycles inside, and on close focus goes back to the trigger that opened it.
 */
export function ExplainPanel({ target, opener, investorName, ownerName, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const state = useExplanation(target, investorName);
  const isOpen = target !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !isOpen) return;
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [isOpen, opener]);

  // showModal() keeps focus in the page, not in the dialog: Tab would leave for the browser's own controls.
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => trapTab(e, ref.current);

  return (
    <dialog ref={ref} className="explain-panel" aria-labelledby={titleId} onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault(); // React state decides when it closes
        onClose();
      }}
      // A click on the dimmed page beside the panel lands on the dialog itself: it closes, as Escape does.
      onClick={(e) => e.target === e.currentTarget && onClose()}>
      {target && (
        <div className="explain-panel-content">
          <div className="explain-panel-header">
            <h2 id={titleId} className="h5 mb-0">
              {explainLabel(target.title)}
            </h2>
            <button ref={closeRef} type="button" className="btn-close" aria-label="Close" onClick={onClose} />
          </div>
          <div className="explain-panel-body">
            <ExplainBody state={state} target={target} ownerName={ownerName} />
          </div>
        </div>
      )}
    </dialog>
  );
}
