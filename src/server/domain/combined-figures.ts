import { percent } from './apportion.js';
import type { CapitalEvent } from './allocation.js';
import type { IsoDate } from './dates.js';
import { annualisedReturn, peakCapital, type InvestorFigures, type MonthAmount, type ReturnYear } from './investor-figures.js';
import type { InvestorReturns } from './investor-returns.js';
import { equityMultiple, investorFlows, xirr, type XirrAnswer } from './xirr.js';

/**
 * One person's several investing entities (personal, IRA, trust) seen together (docs/decisions.md 42): the
 * figures that add are added in cents; the returns are those of the combined money, never a sum or an
 * average of the entities' percents. Each entity is read as its own summary reads it, as of one date.
 */
export type EntityFigures = {
  figures: InvestorFigures;
  returns: InvestorReturns;
  /** The entity's own capital events: the combined total_roi divides by the peak of them all together. */
  capital: CapitalEvent[];
  /** Each year's income and capital-months (returnYears): the combined roi_per_year adds the sides. */
  years: Map<number, ReturnYear>;
};

export type CombinedFigures = {
  totalInvestments: number;
  totalRentalInvestments: number;
  totalLcInvestments: number;
  totalOtherInvestments: number;
  totalIncome: number;
  cashBalance: number;
  totalRoi: number;
  roiPerYear: Record<string, number>;
  investmentsPerMonth: MonthAmount[];
  cashflowPerMonth: MonthAmount[];
  distributionsPerMonth: (MonthAmount & { description: string })[];
  capitalReturned: number;
  cashDistributed: number;
  xirr: XirrAnswer;
  equityMultiple: number | null;
};

const sum = (entities: EntityFigures[], of: (e: EntityFigures) => number) => entities.reduce((s, e) => s + of(e), 0);

/** Adds month series by month, newest first as the summary lists them. */
function byMonth(series: MonthAmount[][]): MonthAmount[] {
  const months = new Map<string, number>();
  for (const rows of series) for (const r of rows) months.set(r.date, (months.get(r.date) ?? 0) + r.amount);
  return [...months].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0)).map(([date, amount]) => ({ date, amount }));
}

/** Distributions added by month, their descriptions kept (entity by entity), newest first. */
function distributionsByMonth(series: (MonthAmount & { description: string })[][]): (MonthAmount & { description: string })[] {
  const months = new Map<string, { amount: number; descriptions: string[] }>();
  for (const rows of series) {
    for (const r of rows) {
      const cur = months.get(r.date) ?? { amount: 0, descriptions: [] };
      cur.amount += r.amount;
      if (r.description) cur.descriptions.push(r.description);
      months.set(r.date, cur);
    }
  }
  return [...months]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([date, d]) => ({ date, amount: d.amount, description: d.descriptions.join('; ') }));
}

/** The entities' figures as one: sums in cents, the percents of the sums, the XIRR of every flow together. */
export function combineFigures(entities: EntityFigures[], asOf: IsoDate): CombinedFigures {
  const totalIncome = sum(entities, (e) => e.figures.totalIncome);

  // roi_per_year as the summary computes it (docs/rules/returns.md), from the years' added sides.
  const years = new Map<number, ReturnYear>();
  for (const e of entities) {
    for (const [y, part] of e.years) {
      const cur = years.get(y) ?? { income: 0, capitalMonths: 0 };
      years.set(y, { income: cur.income + part.income, capitalMonths: cur.capitalMonths + part.capitalMonths });
    }
  }
  const roiPerYear: Record<string, number> = {};
  for (const [y, { income, capitalMonths }] of [...years].sort(([a], [b]) => a - b)) {
    if (capitalMonths > 0) roiPerYear[String(y)] = annualisedReturn(income, capitalMonths);
  }

  const invested = sum(entities, (e) => e.returns.invested);
  const capitalReturned = sum(entities, (e) => e.returns.capitalReturnedTotal);
  const cashDistributed = sum(entities, (e) => e.returns.cashDistributedTotal);
  const terminal = sum(entities, (e) => e.returns.terminal);
  const flows = investorFlows({
    investments: entities.flatMap((e) => e.returns.investments),
    capitalReturned: entities.flatMap((e) => e.returns.capitalReturned),
    cashWithdrawn: entities.flatMap((e) => e.returns.cashWithdrawn),
    terminalCents: terminal,
    asOf,
  });

  return {
    totalInvestments: sum(entities, (e) => e.figures.totalInvestments),
    totalRentalInvestments: sum(entities, (e) => e.figures.totalRentalInvestments),
    totalLcInvestments: sum(entities, (e) => e.figures.totalLcInvestments),
    totalOtherInvestments: sum(entities, (e) => e.figures.totalOtherInvestments),
    totalIncome,
    cashBalance: sum(entities, (e) => e.figures.cashBalance),
    totalRoi: percent(totalIncome, peakCapital(entities.flatMap((e) => e.capital))),
    roiPerYear,
    investmentsPerMonth: byMonth(entities.map((e) => e.figures.investmentsPerMonth)),
    cashflowPerMonth: byMonth(entities.map((e) => e.figures.cashflowPerMonth)),
    distributionsPerMonth: distributionsByMonth(entities.map((e) => e.figures.distributionsPerMonth)),
    capitalReturned,
    cashDistributed,
    xirr: xirr(flows, asOf),
    equityMultiple: equityMultiple(invested, capitalReturned + cashDistributed, terminal),
  };
}
