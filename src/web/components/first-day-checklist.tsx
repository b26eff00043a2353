import { useId, useState } from 'react';
import { Link } from 'react-router';
import { investorCalls } from '../lib/investor-calls';
import type { AdminHelpersResponse } from '../../contract/schemas/admin-helpers';
import type { AdminSummaryResponse } from '../../contract/schemas/reports';
import { useEndpointQuery } from '../lib/queries';

/** A list the answer holds with something in it (an answer of an odd shape counts as empty, never breaks the page). */
const some = (list: unknown): boolean => Array.isArray(list) && list.length > 0;

/**
 * A first day that leads somewhere: what a fresh portal needs before an investor sees
 * a page of their own, in order, each step opening the admin form that does it (the admin page's
 * `?action=` slugs: features/admin/admin-actions.ts; a test checks they exist). A step is done when the
 * books say so, read from what the admin pages load anyway (the helper lists and the admin summary),
 * so the list ticks itself off as the books fill.
 */
export const FIRST_DAY_STEPS = [
  {
    key: 'llc', title: 'Add an LLC', action: 'manage-llcs',
    hint: 'The company that owns the properties and files their taxes.',
    done: (h: AdminHelpersResponse) => some(h.llcs_list),
  },
  {
    key: 'property', title: 'Add a property', action: 'add-new-investment-property',
    hint: 'A property of that LLC. Its picture can come later.',
    done: (h: AdminHelpersResponse) => some(h.properties),
  },
  {
    key: 'investor', title: 'Add an investor', action: 'add-new-investor',
    hint: 'Their name, contact details and management fee.',
    done: (h: AdminHelpersResponse) => some(h.investors_list),
  },
  {
    key: 'investment', title: 'Record their investment', action: 'add-new-investment',
    hint: 'What they put into the property, and when.',
    done: (_: AdminHelpersResponse, s: AdminSummaryResponse) => Number(s.total_investments) > 0,
  },
  {
    key: 'invite', title: 'Invite them', action: 'manage-portal-users',
    hint: 'Get Investor Secret gives the one-time secret they sign up with; done once they have.',
    done: (h: AdminHelpersResponse) => some(h.portal_users_list),
  },
] as const;

export type FirstDayStep = { key: string; title: string; hint: string; href: string; done: boolean };

/** The steps with whether each is done; null while the books are being read. */
export function firstDaySteps(helpers: AdminHelpersResponse | undefined, summary: AdminSummaryResponse | undefined): FirstDayStep[] | null {
  if (!helpers || !summary) return null;
  return FIRST_DAY_STEPS.map(({ key, title, hint, action, done }) => ({
    key, title, hint, href: `/admin?action=${action}`, done: done(helpers, summary),
  }));
}

const HIDDEN_KEY = 'first-day-checklist-hidden';

type Props = {
  /** One line (progress and the next step) instead of the list: beside an admin form. */
  compact?: boolean;
  /** The admin action on screen: its step says "this form" instead of linking to itself. */
  current?: string;
};

/**
 * "Getting started": shown to an admin while any step is left, until they hide it. The admin landing
 * and the investors' landing of an empty portal show the list; the admin forms a line with the next step.
 */
export function FirstDayChecklist({ compact = false, current }: Props) {
  const titleId = useId();
  const [hidden, setHidden] = useState(() => localStorage.getItem(HIDDEN_KEY) === '1');
  const helpers = useEndpointQuery(investorCalls.adminHelpers, undefined, { enabled: !hidden }).data;
  const summary = useEndpointQuery(investorCalls.adminSummary, undefined, { enabled: !hidden }).data;
  const steps = firstDaySteps(helpers, summary);
  if (hidden || !steps || steps.every((s) => s.done)) return null;
  const doneCount = steps.filter((s) => s.done).length;
  const next = steps.find((s) => !s.done)!;
  const isCurrent = (s: FirstDayStep) => current !== undefined && s.href.endsWith(`=${current}`);
  const hide = () => {
    localStorage.setItem(HIDDEN_KEY, '1');
    setHidden(true);
  };

  if (compact) {
    return (
      <nav className="first-day-line mb-4" aria-label="Getting started">
        <span className="fw-semibold">Getting started:</span> {doneCount} of {steps.length} done.{' '}
        {isCurrent(next) ? (
          <span>Next: {next.title} (this form).</span>
        ) : (
          <span>Next: <Link to={next.href}>{next.title}</Link>.</span>
        )}{' '}
        <Link to="/admin" className="first-day-all">All steps</Link>
      </nav>
    );
  }

  return (
    <section className="card border-0 shadow-sm first-day mb-4" aria-labelledby={titleId}>
      <div className="card-body p-3 p-md-4">
        <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-1">
          <h2 id={titleId} className="h5 mb-0">Getting started</h2>
          <span className="first-day-progress">{doneCount} of {steps.length} done</span>
        </div>
        <p className="first-day-intro">
          {doneCount === 0 ? 'The books are empty. ' : ''}Five steps to an investor’s first page, each on its own form:
        </p>
        <ol className="first-day-steps">
          {steps.map((s, i) => {
            const state = s.done ? 'done' : s === next ? 'next' : 'todo';
            return (
              <li key={s.key} className={`first-day-step first-day-${state}`}>
                <span className="first-day-mark" aria-hidden="true">{s.done ? '✓' : i + 1}</span>
                <span className="first-day-text">
                  <span className="visually-hidden">{s.done ? 'Done: ' : s === next ? 'Next: ' : 'To do: '}</span>
                  <Link to={s.href} className="first-day-link" aria-current={isCurrent(s) ? 'page' : undefined}>{s.title}</Link>
                  <span className="first-day-hint">{s.hint}</span>
                </span>
              </li>
            );
          })}
        </ol>
        <button type="button" className="btn btn-link btn-sm p-0 first-day-hide" onClick={hide}>
          Hide this list
        </button>
      </div>
    </section>
  );
}
