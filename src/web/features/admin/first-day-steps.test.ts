import { describe, expect, it } from 'vitest';
import { FIRST_DAY_STEPS, firstDaySteps } from '../../components/first-day-checklist';
import type { AdminHelpersResponse } from '../../../contract/schemas/admin-helpers';
import type { AdminSummaryResponse } from '../../../contract/schemas/reports';
import { ADMIN_ACTIONS } from './admin-actions';
import { EMPTY_HELPERS } from './use-admin-helpers';

/** The checklist of an empty portal, as the admin page's data says it. */
describe('the first day’s steps', () => {
  it('each opens an action of "Select Admin Action:"', () => {
    const slugs = ADMIN_ACTIONS.map((a) => a.slug);
    for (const step of FIRST_DAY_STEPS) expect(slugs, step.title).toContain(step.action);
    expect(ADMIN_ACTIONS.find((a) => a.slug === 'manage-portal-users')?.title).toBe('Manage Portal Users'); // where Get Investor Secret is
  });

  it('tick off in order as the books fill', () => {
    const summary = (invested: number) => ({ total_investments: invested }) as AdminSummaryResponse;
    const done = (helpers: Partial<AdminHelpersResponse>, invested = 0) =>
      firstDaySteps({ ...EMPTY_HELPERS, ...helpers }, summary(invested))!.filter((s) => s.done).map((s) => s.key);
    expect(done({})).toEqual([]);
    expect(done({ llcs_list: ['Maple LLC'] })).toEqual(['llc']);
    expect(done({ llcs_list: ['Maple LLC'], properties: ['Oak'] })).toEqual(['llc', 'property']);
    expect(done({ llcs_list: ['Maple LLC'], properties: ['Oak'], investors_list: ['Ann'] })).toEqual(['llc', 'property', 'investor']);
    expect(done({ llcs_list: ['Maple LLC'], properties: ['Oak'], investors_list: ['Ann'] }, 1000)).toEqual(['llc', 'property', 'investor', 'investment']);
    expect(done({ llcs_list: ['M'], properties: ['Oak'], investors_list: ['Ann'], portal_users_list: ['Ann'] }, 1000)).toHaveLength(5);
    expect(firstDaySteps(undefined, summary(0))).toBeNull(); // not known until both answers are in
    // An answer of an odd shape (admin-forms.test.ts sends one) reads as nothing done, and breaks nothing.
    expect(firstDaySteps({} as AdminHelpersResponse, {} as AdminSummaryResponse)!.filter((s) => s.done)).toEqual([]);
    expect(firstDaySteps(EMPTY_HELPERS, summary(0))!.map((s) => s.href)).toEqual([
      '/admin?action=manage-llcs', '/admin?action=add-new-investment-property', '/admin?action=add-new-investor',
      '/admin?action=add-new-investment', '/admin?action=manage-portal-users',
    ]);
  });
});
