import { useState } from 'react';
import { errorText } from './api-client';

/**
 * The state of a download button: busy while the file comes, and the server's refusal in plain words
 * when it does not (shown beside the button, not only in the console).
 */
export function useDownload() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (fetchFile: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await fetchFile();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
