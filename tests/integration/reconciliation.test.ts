import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCents } from '../../src/contract/values/dollar-cents.js';
import { createReconciliationService } from '../../src/server/modules/reconciliation/reconciliation.service.js';
import { recordMapleBooks } from '../support/maple-books.js';
import { ADMIN, signIn, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The reconciliation run against books in use (`npm run admin -- verify` beside a running portal): the
 * admin summary is read after the reconciliation's own snapshot, so a write in between must not be
 * reported as a difference; the check starts again instead, and gives up after three tries.
 */
describe('the reconciliation beside writes', () => {
  let t: TestApp;
  let admin: string;
  const rent = { income_date: '2024-05-03', income_for_month: '2024-05-01', property_name: 'P', description: 'Rent', amount: '10.00', income_category: 'Rent' };

  beforeAll(async () => {
    t = await startTestApp('pglite');
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    await recordMapleBooks(t, admin);
  }, 120_000);
  afterAll(() => t?.close());

  /** A reconciliation whose admin summary is read after `writes` more rents were recorded. */
  function withRentsBeforeEachSummary(writes: number) {
    let summaries = 0;
    const service = createReconciliationService({
      db: t.testDb.db,
      today: t.services.books.today,
      adminSummary: async () => {
        summaries++;
        if (summaries <= writes) {
          const res = await t.app.inject({ method: 'POST', url: '/admin/record_property_income', headers: { authorization: `Bearer ${admin}` }, payload: rent });
          expect(res.statusCode).toBe(201);
        }
        return t.services.reports.adminSummary();
      },
    });
    return { service, summaries: () => summaries };
  }

  it('starts again when the books changed while it ran, and then finds no difference', async () => {
    const { service, summaries } = withRentsBeforeEachSummary(1);
    const { differences } = await service.reconcile();
    expect(differences).toEqual([]);
    expect(summaries()).toBe(2);
  });

  it('reports what differs after three tries on books that never rest', async () => {
    const { service, summaries } = withRentsBeforeEachSummary(3);
    const { differences } = await service.reconcile();
    expect(summaries()).toBe(3);
    // The last try's summary holds one rent more than its snapshot of the ledger: $10.00.
    const [, answered, ledger] = differences.map((d) => /^the admin summary's total_income is ([\d.]+), the ledger gives ([\d.]+)$/.exec(d)).find(Boolean) ?? [];
    expect(parseCents(answered!)! - parseCents(ledger!)!).toBe(1000);
  });
});
