/** The periods an investor usually wants a statement for: quarters and years, the current one to date. */
export type StatementPeriod = { label: string; from: string; to: string };

const QUARTER_ENDS = ['03-31', '06-30', '09-30', '12-31'];
const QUARTER_STARTS = ['01-01', '04-01', '07-01', '10-01'];

/** This quarter to date and the four before it, then this year to date and the three before it. */
export function statementPeriods(today: string): StatementPeriod[] {
  const year = Number(today.slice(0, 4));
  const quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3); // 0..3
  const periods: StatementPeriod[] = [{ label: `Q${quarter + 1} ${year} to date`, from: `${year}-${QUARTER_STARTS[quarter]}`, to: today }];
  for (let k = 1; k <= 4; k++) {
    const index = quarter - k;
    const y = year + Math.floor(index / 4);
    const q = ((index % 4) + 4) % 4;
    periods.push({ label: `Q${q + 1} ${y}`, from: `${y}-${QUARTER_STARTS[q]}`, to: `${y}-${QUARTER_ENDS[q]}` });
  }
  periods.push({ label: `${year} to date`, from: `${year}-01-01`, to: today });
  for (let y = year - 1; y >= year - 3; y--) periods.push({ label: String(y), from: `${y}-01-01`, to: `${y}-12-31` });
  return periods;
}
