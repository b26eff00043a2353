import { useState } from 'react';

/**
 * The ten recovery codes, shown once: to write down, copy, save as a file or print,
 * and each good for one sign-in without the phone. `onDone`, when given, is the way on (at sign-in,
 * the portal opens only once the person says the codes are kept).
 */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone?: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const text = `Recovery codes (each works once):\n${codes.join('\n')}\n`;

  const copy = () => navigator.clipboard.writeText(text).then(() => setCopied('yes'), () => setCopied('failed'));
  const save = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <section className="d-grid gap-2 recovery-codes" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" className="h6 mb-0">Your recovery codes</h3>
      <p className="small mb-0">
        If you lose your phone, sign in with one of these codes instead of the 6-digit code. Each works once. Keep them
        somewhere safe: they are shown only now.
      </p>
      <ol className="recovery-code-list list-unstyled mb-0" data-testid="recovery-codes">
        {codes.map((code) => <li key={code}><code className="user-select-all">{code}</code></li>)}
      </ol>
      <div className="d-flex flex-wrap gap-2 d-print-none">
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={save}>Save as file</button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => window.print()}>Print</button>
        {onDone && <button type="button" className="btn btn-sm btn-primary ms-auto" onClick={onDone}>I have kept my codes</button>}
      </div>
      {copied === 'failed' && <p className="small mb-0">Copying is not allowed here: select the codes and copy them.</p>}
    </section>
  );
}
