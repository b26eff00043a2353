import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { actionHref } from '../shared/action-address';

/**
 * A new investor's one-time registration secret, after the spec's alert has shown it:
 * it stays on the page, with Copy and Print, until the admin is done with it. It is the only copy (the
 * server keeps its hash); a lost one is issued again in Manage Portal Users → Get Investor Secret.
 */
const MANAGE_USERS = actionHref('Manage Portal Users');

export function NewInvestorSecret({ investor, secret, onDone }: { investor: string; secret: string; onDone: () => void }) {
  const titleId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const registerAt = `${window.location.origin}/register`;

  // The panel takes the focus once it appears (the alert before it has just closed).
  useEffect(() => heading.current?.focus(), []);

  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );

  // Prints the panel alone (app.css: body.print-secret), then the page as it was.
  const print = () => {
    document.body.classList.add('print-secret');
    const done = () => {
      document.body.classList.remove('print-secret');
      window.removeEventListener('afterprint', done);
    };
    window.addEventListener('afterprint', done);
    window.print();
    setTimeout(done, 1000);
  };

  return (
    <section className="secret-panel mt-4" aria-labelledby={titleId}>
      <h3 id={titleId} ref={heading} tabIndex={-1} className="h6 fw-semibold mb-2">
        Registration secret for {investor}
      </h3>
      <p className="mb-2">
        Give it to {investor} to create a portal login at <span className="secret-panel-address">{registerAt}</span>. It works
        once, for 7 days.
      </p>
      <p className="secret-panel-code mb-3">
        <code className="user-select-all">{secret}</code>
      </p>
      <div className="d-flex flex-wrap gap-2 secret-panel-actions">
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied' : 'Copy secret'}
        </button>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={print}>
          Print
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onDone}>
          Done
        </button>
      </div>
      {copied === 'failed' && <p className="small mt-2 mb-0">Copying is not allowed here: select the secret and copy it.</p>}
      <p className="small txn-muted mt-3 mb-0 secret-panel-reissue">
        This is the only copy: the portal keeps no readable one. Lost, or never used in time? Issue a new one in{' '}
        <Link to={MANAGE_USERS}>Manage Portal Users → Get Investor Secret</Link>.
      </p>
    </section>
  );
}
