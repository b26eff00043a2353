import { useId, useMemo, useRef } from 'react';
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatPercent, formatPercentTick } from '../../../lib/format';
import { ExplainButton } from '../explain/explain-button';
import { useOpenExplanation } from '../explain/explain-context';
import type { ExplainTarget } from '../explain/explain-figures';
import { roiByYear } from '../investor-figures';

// Only the pieces this chart draws, so the bundle carries no unused Chart.js code (Bar registers its controller).
ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

/** The accent colour of ui.md; canvas cannot read CSS variables, so it is repeated here. */
const ACCENT = '#1f5fbf';

const yearTarget = (year: string): ExplainTarget => ({ title: `Yearly ROI ${year}`, figures: [`roi_per_year:${year}`] });

/** 'Yearly ROI' (portal-spec §2): one bar per year, oldest first, percent ticks from zero, no legend. */
export function YearlyRoiChart({ roiPerYear }: { roiPerYear: Record<string, number> }) {
  const titleId = useId();
  const years = useMemo(() => roiByYear(roiPerYear), [roiPerYear]);
  const openExplanation = useOpenExplanation();
  const yearsRef = useRef<HTMLDivElement>(null);
  // Memoised so a re-render of the page (a property card click) does not make Chart.js redraw.
  const data = useMemo(
    () => ({
      labels: years.map(([year]) => year),
      datasets: [
        {
          label: 'ROI',
          data: years.map(([, roi]) => roi),
          backgroundColor: ACCENT,
          hoverBackgroundColor: '#194f9f',
          barThickness: 20,
          borderRadius: 3,
        },
      ],
    }),
    [years],
  );
  const options = useMemo((): ChartOptions<'bar'> => {
    // A bar's year opens its explanation; focus comes back to that year's button, since a canvas takes none.
    const yearAt = (elements: { index: number }[]) => (elements[0] ? years[elements[0].index]?.[0] : undefined);
    return {
      responsive: true,
      maintainAspectRatio: false, // the wrapper fixes the height, so the card does not jump as data arrives
      animation: false, // calm and exact (ui.md): the bars are drawn at their value, never mid-way
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { label: (ctx) => formatPercent(ctx.parsed.y ?? 0) } },
      },
      scales: {
        x: { grid: { display: false } },
        y: { beginAtZero: true, ticks: { callback: (value) => formatPercentTick(Number(value)) } },
      },
      onClick: (_event, elements) => {
        const year = yearAt(elements);
        if (!year || !openExplanation) return;
        openExplanation(yearTarget(year), yearsRef.current?.querySelector<HTMLElement>(`[data-year="${year}"] button`) ?? null);
      },
      onHover: (event, elements) => {
        const canvas = event.native?.target;
        if (canvas instanceof HTMLElement) canvas.style.cursor = openExplanation && yearAt(elements) ? 'pointer' : 'default';
      },
    };
  }, [years, openExplanation]);
  // The canvas is opaque to screen readers, so its label carries every value the bars show.
  const description = `Yearly ROI: ${years.map(([year, roi]) => `${year} ${formatPercent(roi)}`).join(', ')}`;
  return (
    <section className="card investor-card" aria-labelledby={titleId}>
      <div className="card-body d-flex flex-column">
        <h2 id={titleId} className="investor-card-title">
          Yearly ROI
        </h2>
        <p className="investor-help">Income each year ÷ average capital that year</p>
        <div className="investor-chart flex-grow-1">
          {years.length === 0 ? (
            <p className="investor-empty">No yearly ROI available</p>
          ) : (
            <Bar aria-label={description} options={options} data={data} />
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
