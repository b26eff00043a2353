import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { formatPercent } from '../../../lib/format';
import { ExplainButton } from '../explain/explain-button';
import { useOpenExplanation } from '../explain/explain-context';
import type { ExplainTarget } from '../explain/explain-figures';
import { roiByYear } from '../investor-figures';

/** Chart.js and its React wrapper, in a chunk of their own (docs/performance.md). */
const YearlyRoiBars = lazy(() => import('./yearly-roi-bars'));

const yearTarget = (year: string): ExplainTarget => ({ title: `Yearly ROI ${year}`, figures: [`roi_per_year:${year}`] });

/** What a reader does on the way to the chart: the first of these loads it. */
const INTERACTIONS = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Whether to draw the chart yet: once its card comes within 200 px of the screen, or the reader first
 * scrolls, taps, clicks or types, whichever is first (then it stays drawn). On a phone the chart is below
 * the first screen, so the page's first render and load run no Chart.js at all (docs/performance.md,
 * Lighthouse's mobile preset); a reader who scrolls or taps towards it finds it drawn.
 */
function useChartWanted<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (wanted || !element) return;
    const want = () => setWanted(true);
    for (const e of INTERACTIONS) window.addEventListener(e, want, { once: true, passive: true });
    const observer = typeof IntersectionObserver === 'undefined' ? null : new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) want();
    }, { rootMargin: '200px 0px' });
    if (observer) observer.observe(element);
    else want();
    return () => {
      observer?.disconnect();
      for (const e of INTERACTIONS) window.removeEventListener(e, want);
    };
  }, [wanted]);
  return [ref, wanted];
}

/** 'Yearly ROI' (docs/product.md "Screens"): one bar per year, oldest first, percent ticks from zero, no legend. */
export function YearlyRoiChart({ roiPerYear }: { roiPerYear: Record<string, number> }) {
  const titleId = useId();
  const years = useMemo(() => roiByYear(roiPerYear), [roiPerYear]);
  const openExplanation = useOpenExplanation();
  const yearsRef = useRef<HTMLDivElement>(null);
  const [chartRef, wanted] = useChartWanted<HTMLDivElement>();
  // A bar's year opens its explanation; focus comes back to that year's button, since a canvas takes none.
  const onYear = useCallback(
    (year: string) =>
      openExplanation?.(yearTarget(year), yearsRef.current?.querySelector<HTMLElement>(`[data-year="${year}"] button`) ?? null),
    [openExplanation],
  );
  // The canvas is opaque to screen readers, so its label carries every value the bars show.
  const description = `Yearly ROI: ${years.map(([year, roi]) => `${year} ${formatPercent(roi)}`).join(', ')}`;
  return (
    <section className="card investor-card" aria-labelledby={titleId}>
      <div className="card-body d-flex flex-column">
        <h2 id={titleId} className="investor-card-title">
          Yearly ROI
        </h2>
        <p className="investor-help">Income each year ÷ average capital that year</p>
        <div ref={chartRef} className="investor-chart flex-grow-1">
          {years.length === 0 ? (
            <p className="investor-empty">No yearly ROI available</p>
          ) : (
            // Until the bars are drawn, a screen reader reads the same values from the card.
            <Suspense fallback={<p className="visually-hidden">{description}</p>}>
              {wanted ? <YearlyRoiBars years={years} description={description} onYear={openExplanation ? onYear : null} />
                : <p className="visually-hidden">{description}</p>}
            </Suspense>
          )}
        </div>
        {/* A bar's click has no keyboard: the years as buttons too, each opening the same explanation. */}
        {years.length > 0 && openExplanation && (
          <div ref={yearsRef} className="explain-years">
            <span className="investor-help mb-0">How each year is calculated:</span>
            {years.map(([year]) => (
              <span key={year} data-year={year}>
                <ExplainButton target={yearTarget(year)}>{year}</ExplainButton>
              </span>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
