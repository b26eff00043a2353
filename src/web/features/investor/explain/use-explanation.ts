import { investorCalls } from '../../../lib/investor-calls';
import { errorText } from '../../../lib/api-client';
import { useEndpointQuery } from '../../../lib/queries';
import type { ExplainTarget } from './explain-figures';
import { explanationOf, type Explanation } from './explain-items';

export type ExplanationState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; explanation: Explanation };

const meta = { onError: 'Failed to load the explanation:' };

/**
 * The math of a figure the panel shows (GET /api/explain), or of a history row's month of it, null
 * while the panel is closed. An admin on
 * /investor/{name} names the investor; an investor leaves the name out and reads their own. A merged
 * line asks for both of its figures (at most two, so the hooks stay fixed in number).
 */
export function useExplanation(target: ExplainTarget | null, investorName: string | undefined): ExplanationState {
  const queryOf = (figure: string | undefined) => ({
    figure: figure ?? '',
    ...(investorName !== undefined ? { investor_name: investorName } : {}),
    ...(target?.propertyName !== undefined ? { property_name: target.propertyName } : {}),
    // A history row's ⓘ explains the row: that month's amount.
    ...(target?.month !== undefined ? { month: target.month } : {}),
  });
  const [first, second] = target?.figures ?? [];
  const a = useEndpointQuery(investorCalls.explain, queryOf(first), { enabled: first !== undefined, meta });
  const b = useEndpointQuery(investorCalls.explain, queryOf(second), { enabled: second !== undefined, meta });
  if (!target) return { status: 'idle' };
  const error = a.error ?? (second !== undefined ? b.error : null);
  if (error) return { status: 'error', message: errorText(error) };
  const answers = second === undefined ? [a.data] : [a.data, b.data];
  if (answers.some((x) => x === undefined)) return { status: 'loading' };
  return { status: 'ready', explanation: explanationOf(target, answers.filter((x) => x !== undefined)) };
}
