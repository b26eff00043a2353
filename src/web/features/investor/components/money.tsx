import { formatCurrency, formatPercent } from '../../../lib/format';

/** Money is right-aligned in tabular numerals; a loss also shows in the loss colour (docs/product.md "Look and feel"). */
export const moneyClass = (amount: number): string => (amount < 0 ? 'money negative' : 'money');

export function Money({ amount, className = '' }: { amount: number; className?: string }) {
  return <span className={`${moneyClass(amount)} ${className}`.trim()}>{formatCurrency(amount)}</span>;
}

export function Percent({ value, className = '' }: { value: number; className?: string }) {
  return <span className={`${moneyClass(value)} ${className}`.trim()}>{formatPercent(value)}</span>;
}
