import { formatCurrency, formatDate } from '../../../lib/format';
import { moneyClass } from '../components/money';
import { partLabel } from './explain-figures';
import { groupTotal, itemGroups, type ExplainItem } from './explain-items';

type Props = {
  items: readonly ExplainItem[];
  caption: string;
  /** What a sum's total row says ("Total"; xirr's flows add up to "Net of the flows"). */
  totalLabel: string;
};

/**
 * The items of an explanation: date, the item in words with its arithmetic, and the amount, right-aligned.
 * A ratio's items come in one group per part (numerator, denominator), each with its total, so a reader
 * can check each part; a sum's items end with their total, which is the figure.
 */
export function ExplainItemsTable({ items, caption, totalLabel }: Props) {
  return (
    <table className="table table-sm mb-0 explain-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Item</th>
          <th scope="col" className="text-end">
            Amount
          </th>
        </tr>
      </thead>
      {itemGroups(items).map((group) => (
        <tbody key={group.part ?? ''} data-part={group.part}>
          {group.part && (
            <tr className="explain-group">
              <th colSpan={3} scope="rowgroup">
                {partLabel(group.part)}
              </th>
            </tr>
          )}
          {group.items.map((item, k) => (
            <tr key={k} className="explain-item">
              <td className="text-nowrap">{formatDate(item.date)}</td>
              <td className="explain-label">{item.label}</td>
              <td className={moneyClass(item.amount)}>{formatCurrency(item.amount)}</td>
            </tr>
          ))}
          <tr className="explain-total">
            <th scope="row" colSpan={2}>
              {group.part ? 'Total' : totalLabel}
            </th>
            <td className={moneyClass(groupTotal(group))}>{formatCurrency(groupTotal(group))}</td>
          </tr>
        </tbody>
      ))}
    </table>
  );
}
