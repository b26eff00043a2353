import type { ReactNode } from 'react';
import { explainLabel, type ExplainTarget } from './explain-figures';
import { useOpenExplanation } from './explain-context';

type Props = {
  target: ExplainTarget;
  /** The figure as the trigger names it when it is not the panel's title ("Income History 07/2024"). */
  name?: string;
  /** Visible words before the icon (a chart's year), which the accessible name contains. */
  children?: ReactNode;
};

/**
 * The small "ⓘ" beside a figure that opens "How is this calculated?". A real button, named for its
 * figure ("How is Total Income calculated?"); its icon holds no text, so the figure's cell reads as
 * before. A click does not reach the row under it (a history row opens its description on a click).
 */
export function ExplainButton({ target, name, children }: Props) {
  const open = useOpenExplanation();
  if (!open) return null;
  const label = explainLabel(name ?? target.title);
  return (
    <button type="button" className={`${children ? 'explain-trigger explain-trigger-text' : 'explain-trigger'} d-print-none`} aria-label={label} title={label}
      onClick={(e) => {
        e.stopPropagation();
        open(target, e.currentTarget);
      }}>
      {children}
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <circle cx="8" cy="4.6" r="1.05" fill="currentColor" />
        <rect x="7.25" y="6.8" width="1.5" height="5.2" rx="0.75" fill="currentColor" />
      </svg>
    </button>
  );
}
