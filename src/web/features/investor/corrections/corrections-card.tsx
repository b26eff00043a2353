import { useId } from 'react';
import { FormError } from '../../../components/form-error';
import { formatCurrency } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';
import { changeText, correctedOn, entryText, whatHappened } from './correction-words';
import { correctionsCalls } from './corrections-calls';

/** A change that never breaks across lines ("-$1,110.00" split after the minus would read as two numbers). */
const Change = ({ dollars }: { dollars: number }) => <span className="text-nowrap">{changeText(dollars)}</span>;

/**
 * "Corrections" (docs/decisions.md 50, issue 31): every void, and every entry recorded into a period this
 * investor had already been shown, that changed their figures, newest first, in words: what the entry was,
 * the reason the manager gave, their share and what it changed. Shown only when there is one, like the
 * capital calls: most pages have none. The server answers this investor's part only, never another's.
 */
export function CorrectionsCard({ investorName }: { investorName: string | undefined }) {
  const titleId = useId();
  const { data, error } = useEndpointQuery(correctionsCalls.investorCorrections, investorName ? { investor_name: investorName } : {});
  if (!error && (!data || data.corrections.length === 0)) return null;

  return (
    <section className="card investor-card mt-3" aria-labelledby={titleId} id="corrections">
      <div className="card-body">
        <h2 id={titleId} className="investor-card-title">Corrections</h2>
        {error ? (
          <FormError message={`Your corrections could not be loaded: ${error.message}`} />
        ) : (
          <>
            <p className="text-secondary small mb-3">
              Entries the manager voided, or recorded after you had seen their period, that changed your figures. Newest first.
            </p>
            <ol className="list-unstyled mb-0 d-grid gap-3">
              {data!.corrections.map((c, i) => (
                // The answer has no id: the time, the entry and its place in the list name one together.
                <li key={`${c.corrected_at}-${c.kind}-${c.date}-${i}`} className={i > 0 ? 'border-top pt-3' : undefined} data-testid="correction">
                  <article aria-label={`${whatHappened(c)}: ${entryText(c)}`}>
                    <div className="small text-secondary">
                      <time dateTime={c.corrected_at}>{correctedOn(c.corrected_at)}</time>
                    </div>
                    <h3 className="h6 fw-semibold mb-1 text-break">
                      {whatHappened(c)}: {entryText(c)}
                    </h3>
                    <p className="small mb-1 text-break">
                      <span className="fw-semibold">Reason: </span>“{c.reason}”
                    </p>
                    <p className="small mb-0">
                      Your share: <span className="text-nowrap">{formatCurrency(c.your_share)}</span>.{' '}
                      Changed your total income by <Change dollars={c.effect.total_income} />, cash balance by{' '}
                      <Change dollars={c.effect.cash_balance} />, capital by <Change dollars={c.effect.capital} />.
                    </p>
                  </article>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </section>
  );
}
