import { useId, useMemo } from 'react';
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatPercent, formatPercentTick } from '../../../lib/format';
import { roiByYear } from '../investor-figures';

// Only the pieces this chart draws, so the bundle carries no unused Chart.js code (Bar registers its controller).
ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

/** The accent colour of ui.md; canvas cannot read CSS variables, so it is repeated here. */
const ACCENT = '#1f5fbf';

const options: ChartOptions<'bar'> = {
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
};

/** 'Yearly ROI' (portal-spec §2): one bar per year, oldest first, percent ticks from zero, no legend. */
export function YearlyRoiChart({ roiPerYear }: { roiPerYear: Record<string, number> }) {
  const titleId = useId();
  const years = useMemo(() => roiByYear(roiPerYear), [roiPerYear]);
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
      </div>
    </section>
  );
}
