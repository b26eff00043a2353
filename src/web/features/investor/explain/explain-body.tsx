import { DownloadCsvButton } from '../../../components/download-csv-button';
import { tableCsv } from '../../../lib/csv-export';
import { formatFigure, type ExplainTarget } from './explain-figures';
import { explainCsvColumns, explainCsvName } from './explain-items';
import { ExplainItemsTable } from './explain-items-table';
import type { ExplanationState } from './use-explanation';

type Props = { state: ExplanationState; target: ExplainTarget; ownerName: string };

/**
 * The panel's content: the figure and its value, one sentence saying what it is, the worked
 * arithmetic with the real numbers, then the items it is made of.
 */
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
  const csvTable = `${target.title} calculation`;
  return (
    <>
      <dl className="explain-value">
        <dt>{target.title}</dt>
        <dd>{formatFigure(e.value, e.unit)}</dd>
      </dl>

      <p className="explain-headline">{e.headline}</p>
      {e.arithmetic.length > 0 && (
        <ul className="explain-arithmetic" aria-label="How it adds up">
          {e.arithmetic.map((line, k) => (
            <li key={k}>{line}</li>
          ))}
        </ul>
      )}

      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 explain-items-head">
        <h3 className="explain-heading mb-0">Items</h3>
        <DownloadCsvButton table={csvTable} fileName={explainCsvName(target.fileTitle ?? target.title, ownerName)} hasRows={e.items.length > 0}
          csv={() => tableCsv(explainCsvColumns(e.items), e.items)} />
      </div>
      {e.items.length === 0 ? (
        <p className="text-body-secondary">No items: nothing has counted toward this figure yet.</p>
      ) : (
        <ExplainItemsTable items={e.items} caption={`Items of ${target.title}`} totalLabel={e.figure === 'xirr' ? 'Net of the flows' : 'Total'} />
      )}
    </>
  );
}
