import { useMemo } from 'react';
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatPercent, formatPercentTick } from '../../../lib/format';

// Only the pieces this chart draws, so the bundle carries no unused Chart.js code (Bar registers its controller).
ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

/** The accent colour of docs/product.md "Look and feel"; canvas cannot read CSS variables, so it is repeated here. */
const ACCENT = '#1f5fbf';

type Props = {
  years: readonly (readonly [string, number])[];
  /** What the canvas says to a screen reader: every value the bars show. */
  description: string;
  /** A bar's year was clicked (opens its explanation); null when there is nothing to open. */
  onYear: ((year: string) => void) | null;
};

/**
 * The bars of 'Yearly ROI' (docs/product.md "Screens"), drawn by Chart.js: a chunk of its own, loaded by
 * yearly-roi-chart.tsx only when the card comes near the screen (docs/performance.md), so the investor
 * page's first render neither loads nor runs Chart.js.
 */
export default function YearlyRoiBars({ years, description, onYear }: Props) {
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
    const yearAt = (elements: { index: number }[]) => (elements[0] ? years[elements[0].index]?.[0] : undefined);
    return {
      responsive: true,
      maintainAspectRatio: false, // the wrapper fixes the height, so the card does not jump as data arrives
      animation: false, // calm and exact (docs/product.md "Look and feel"): the bars are drawn at their value, never mid-way
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
        if (year && onYear) onYear(year);
      },
      onHover: (event, elements) => {
        const canvas = event.native?.target;
        if (canvas instanceof HTMLElement) canvas.style.cursor = onYear && yearAt(elements) ? 'pointer' : 'default';
      },
    };
  }, [years, onYear]);
  return <Bar aria-label={description} options={options} data={data} />;
}
