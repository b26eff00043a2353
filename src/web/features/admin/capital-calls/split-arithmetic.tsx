import { centsOf } from '../../../lib/cents';
import { formatCurrency } from '../../../lib/format';

type Line = { investor_name: string; capital: number; amount: number };

/**
 * The arithmetic of a split by capital, opened: each share is the amount × the investor's capital ÷ the
 * total capital, rounded down to the cent; the cents left over go one each to the largest fractions
 * (docs/rules/ownership.md). Whole cents in BigInt here, so a line says exactly whether it got one.
 */
export function SplitArithmetic({ amount, totalCapital, lines }: { amount: number; totalCapital: number; lines: readonly Line[] }) {
  const total = BigInt(centsOf(totalCapital));
  const asked = BigInt(centsOf(amount));
  const floorOf = (l: Line) => (total > 0n ? (asked * BigInt(centsOf(l.capital))) / total : 0n);
  const left = lines.reduce((s, l) => s - floorOf(l), asked);
  return (
    <div className="d-grid gap-2">
      <p className="small mb-0">
        Each share = {formatCurrency(amount)} × the investor’s capital ÷ {formatCurrency(totalCapital)} (all the capital in the property today),
        rounded down to the cent.{' '}
        {left > 0n
          ? `That leaves ${String(left)} cent${left === 1n ? '' : 's'}, given one each to the shares with the largest remainders, so the shares add up to ${formatCurrency(amount)} exactly.`
          : `Nothing is left over: the shares add up to ${formatCurrency(amount)} exactly.`}
      </p>
      <ul className="list-unstyled small mb-0">
        {lines.map((l) => {
          const extra = BigInt(centsOf(l.amount)) - floorOf(l);
          return (
            <li key={l.investor_name} className="text-break">
              <strong>{l.investor_name}</strong>: {formatCurrency(amount)} × {formatCurrency(l.capital)} ÷ {formatCurrency(totalCapital)} ={' '}
              <span className="money">{formatCurrency(l.amount)}</span>
              {extra > 0n ? ' (with a leftover cent)' : ''}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
