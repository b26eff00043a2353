import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import type { ExplainTarget } from './explain-figures';

/**
 * The panel, its body and its tables in a chunk of their own (docs/performance.md): the page's first render
 * neither loads nor runs them; the first "ⓘ" pressed loads them, and they stay for the next.
 */
const ExplainPanel = lazy(() => import('./explain-panel').then((m) => ({ default: m.ExplainPanel })));

/** Opens the panel on a figure; focus goes back to `opener` when it closes. */
type OpenExplanation = (target: ExplainTarget, opener: HTMLElement | null) => void;

const ExplainContext = createContext<OpenExplanation | null>(null);

/** How a figure's trigger opens the panel; null outside an investor's page (no trigger is shown then). */
export const useOpenExplanation = (): OpenExplanation | null => useContext(ExplainContext);

type Props = {
  /** The investor of the URL: an admin on /investor/{name} names them; an investor's own page does not. */
  investorName: string | undefined;
  /** Whose figures they are, for the CSV's file name. */
  ownerName: string;
  children: ReactNode;
};

/** One "How is this calculated?" panel for the whole page, opened by any figure's trigger inside. */
export function ExplainProvider({ investorName, ownerName, children }: Props) {
  const [shown, setShown] = useState<{ target: ExplainTarget; opener: HTMLElement | null } | null>(null);
  const [wanted, setWanted] = useState(false);
  const open = useCallback<OpenExplanation>((target, opener) => {
    setWanted(true);
    setShown({ target, opener });
  }, []);
  const close = useCallback(() => setShown(null), []);
  return (
    <ExplainContext value={open}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <ExplainPanel target={shown?.target ?? null} opener={shown?.opener ?? null} investorName={investorName}
            ownerName={ownerName} onClose={close} />
        </Suspense>
      )}
    </ExplainContext>
  );
}
