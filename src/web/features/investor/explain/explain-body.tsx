import { DownloadCsvButton } from '../../../components/download-csv-button';
import { tableCsv } from '../../../lib/csv-export';
import { formatMonth } from '../../../lib/format';
import { arithmeticOf, formatFigure, formatPart, partLabel, splitFormula, type ExplainTarget } from './explain-figures';
import { explainCsvColumns, explainCsvName } from './explain-items';
import { ExplainItemsTable } from './explain-items-table';
import type { ExplanationState } from './use-explanation';

type Props = { state: ExplanationState; target: ExplainTarget; ownerName: string };

/** The panel's content: the figure and its value, the formula in words, its parts, and the items. */
export function ExplainBody({ state, target, ownerName }: Props) {
  if (state.status === 'idle' || state.status === 'loading') {
    return (
      <p className="text-body-secondary" role="status">
        Loading the calculation…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="alert alert-danger" role="alert">
        The calculation could not be loaded: {state.message}
      </div>
    );
  }
  const e = state.explanation;
  const arithmetic = arithmeticOf(e.figure, e.parts, e.value);
  const parts = Object.entries(e.parts);
  const csvTable = `${target.title} calculation`;
  return (
    <>
      <dl className="explain-value">
        <dt>{target.title}</dt>
        <dd>{formatFigure(e.value, e.unit)}</dd>
      </dl>

      <h3 className="explain-heading">Formula</h3>
      {e.formulas.map(splitFormula).map(({ rule, details }, k) => (
        <div key={k} className="explain-formula">
          <p className="explain-rule">{rule}</p>
          {details.length > 0 && (
            <ul className="explain-rules">
              {details.map((sentence, j) => (
                <li key={j}>{sentence}</li>
              ))}
            </ul>
          )}
        </div>
      ))}
      {arithmetic && <p className="explain-arithmetic">{arithmetic}</p>}

      {parts.length > 0 && (
        <>
          <h3 className="explain-heading">Parts</h3>
          <dl className="explain-parts">
            {parts.map(([name, value]) => (
              <div key={name}>
                <dt>{partLabel(name)}</dt>
                <dd className="money">{formatPart(name, value)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}

      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 explain-items-head">
        <h3 className="explain-heading mb-0">Items</h3>
        <DownloadCsvButton table={csvTable} fileName={explainCsvName(target.title, ownerName)} hasRows={e.items.length > 0}
          csv={() => tableCsv(explainCsvColumns(e.items), e.items)} />
      </div>
      {target.month && e.items.length > 0 && (
        <p className="explain-note">The items of {formatMonth(target.month)}, the row you opened, are marked.</p>
      )}
      {e.items.length === 0 ? (
        <p className="text-body-secondary">No items: nothing has counted toward this figure yet.</p>
      ) : (
        <ExplainItemsTable items={e.items} caption={`Items of ${target.title}`} month={target.month}
          totalLabel={e.figure === 'xirr' ? 'Net of the flows' : 'Total'} />
      )}
    </>
  );
}
