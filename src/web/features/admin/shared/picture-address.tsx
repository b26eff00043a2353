import { useId, useRef, useState } from 'react';

/**
 * What an upload answered: the property that now shows the picture, or the picture's address on the
 * portal, to paste into Picture URL, with a Copy button (and the address selected when the browser will
 * not copy, e.g. on a plain-http address).
 */
export function PictureAddress({ url, property }: { url: string; property: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Copied. Paste it into Picture URL.');
    } catch {
      input.current?.select();
      setCopied('The browser would not copy: the address is selected, press Ctrl+C (⌘C on a Mac).');
    }
  };

  return (
    <div className="alert alert-success mb-0" role="status">
      <p className="mb-2">
        Picture uploaded successfully.{property ? ` ${property} now shows it.` : ' Its address on the portal:'}
      </p>
      <label htmlFor={`${id}-url`} className="visually-hidden">Picture address</label>
      <div className="input-group">
        <input ref={input} id={`${id}-url`} className="form-control" readOnly value={url} onFocus={(e) => e.target.select()} />
        <button type="button" className="btn btn-success" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      {copied && <p className="small mb-0 mt-2">{copied}</p>}
    </div>
  );
}
