import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareEverything, ledgerCommand, newStats, type Real } from '../support/ledger-model/commands.js';
import { cloneModel } from '../support/ledger-model/model.js';
import { ledgerModelTemplate, type LedgerModelState } from '../support/ledger-model/template.js';
import { reconcile, reconcileAtClose, ReconciliationError, skipReconciliation, withdrawCapitalWithSql } from '../support/reconcile.js';
import type { AppTemplate, TestApp } from '../support/test-app.js';
import { atStrength } from '../support/strength.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * Model-based ledger test (docs/security.md L9): random sequences of recordings,
 * withdrawals, voids and fee changes sent through the real API on the real database, each step
 * compared with a model computed by the domain functions. An accepted write must be one the model's
 * limits allow, a refused one one they forbid (with the limit in the message), and a refusal writes
 * nothing. Every sequence ends with every maximum and every investor's property figures compared, and
 * with the reconciliation (L8) that closing the app runs.
 *
 * LEDGER_MODEL_SEED (a number, or `random`), LEDGER_MODEL_RUNS (sequences per database) and
 * LEDGER_MODEL_MAX_STEPS (a sequence has 0 to this many steps, half of it on average) set the run; both
 * databases run the same sequences. A failure prints its seed and path, and fast-check shrinks it to a
 * short sequence that still fails (LEDGER_MODEL_SHRINK=0 reports the first failure as it is).
 */
const SEED = process.env.LEDGER_MODEL_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.LEDGER_MODEL_SEED ?? 20260115);
// 30 sequences a database at full strength (CI), 8 in a local run (tests/support/strength.ts).
const RUNS = Number(process.env.LEDGER_MODEL_RUNS ?? atStrength(30, 8));
const MAX_STEPS = Number(process.env.LEDGER_MODEL_MAX_STEPS ?? 50);

describe.each(DB_KINDS)('the ledger on %s', (kind) => {
  let template: AppTemplate<LedgerModelState>;
  beforeAll(async () => {
    template = await ledgerModelTemplate(kind);
  });
  afterAll(() => template?.close());

  describe('against its model (docs/security.md L9)', () => {
    const stats = newStats();
    let seconds = 0;
    afterAll(() => {
      const refused = Object.values(stats.refused).reduce((a, b) => a + b, 0);
      console.log(
        `ledger model on ${kind}: seed ${SEED}, ${stats.sequences} sequences, ${stats.steps} steps, ${refused} refusals ` +
          `(${stats.refusedWithdrawals} of them withdrawals), ${stats.reads} reads compared, ${seconds.toFixed(1)} s\n` +
          `  accepted ${JSON.stringify(stats.accepted)}\n  refused ${JSON.stringify(stats.refused)}`,
      );
    });

    it(`answers every step of ${RUNS} random sequences as the model computes it, and the books reconcile after each`, async () => {
      const started = performance.now();
      try {
        await fc.assert(
          fc.asyncProperty(fc.commands([ledgerCommand], { maxCommands: MAX_STEPS, size: 'max' }), async (commands) => {
            const t = await template.start();
            const model = cloneModel(template.state.model);
            const real: Real = { t, token: template.state.token, world: template.state.world, today: t.services.books.today(), stats, step: 0, compared: new Map() };
            stats.sequences++;
            try {
              await fc.asyncModelRun(() => ({ model, real }), commands);
              await compareEverything(model, real);
            } catch (err) {
              await t.close().catch(() => {}); // the step's difference is the one to report
              throw err;
            }
            await t.close(); // runs the reconciliation of the books (L8)
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: process.env.LEDGER_MODEL_SHRINK === '0' },
        );
      } finally {
        seconds = (performance.now() - started) / 1000;
      }
      expect(stats.steps).toBeGreaterThan(RUNS * 5);
    }, 900_000);
  });

  describe('and the reconciliation at close (docs/security.md L8)', () => {
    let t: TestApp;
    const open = async () => {
      t = await template.start();
      return { db: t.testDb.db, services: t.services };
    };

    it('passes on books written through the API', async () => {
      await expect(reconcile(await open())).resolves.toBeUndefined();
      await t.close();
    });

    it('names a ledger row written behind the app’s back that takes capital below zero', async () => {
      const target = await open();
      const id = await withdrawCapitalWithSql(t.testDb.db, { investor: 'Ann', property: 'Birch House', date: '2025-06-01', cents: 9_000_000 });
      const err = await reconcile(target).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ReconciliationError);
      const { differences } = err as ReconciliationError;
      expect(differences).toContain(`ledger entry ${id} (investment_withdrawal) has 0 'record' audit rows, not 1`);
      expect(differences.some((d) => /capital in property \d+ goes below zero on 2025-06-01/.test(d))).toBe(true);
      skipReconciliation(t, 'this test wrote a ledger row with SQL on purpose');
      await t.close();
    });

    it('names an edited audit row and a void without its audit row', async () => {
      const target = await open();
      const db = t.testDb.db;
      await db.query(`UPDATE ledger_entry SET voided_at = now(), voided_by = created_by WHERE id = (SELECT min(id) FROM ledger_entry WHERE kind = 'property_income')`);
      await db.exec('ALTER TABLE audit_event DISABLE TRIGGER audit_event_guard');
      await db.query(`UPDATE audit_event SET ip = '10.9.9.9' WHERE id = (SELECT max(id) FROM audit_event)`);
      await db.exec('ALTER TABLE audit_event ENABLE TRIGGER audit_event_guard');
      const err = (await reconcile(target).catch((e: unknown) => e)) as ReconciliationError;
      expect(err.message).toMatch(/^The books do not reconcile \(docs\/security.md L8\):/);
      expect(err.differences).toEqual([
        expect.stringMatching(/^the audit hash chain breaks at audit_event \d+$/),
        expect.stringMatching(/^voided ledger entry \d+ \(property_income\) has 0 'void' audit rows, not 1$/),
      ]);
      skipReconciliation(t, 'this test edited the tables on purpose');
      await t.close();
    });

    it('is skipped when the database cannot be reached, and only then', async () => {
      const target = await open();
      const failing = (err: Error) => ({ ...target, services: { ...target.services, reconciliation: { reconcile: () => Promise.reject(err) } } });
      const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      const otherError = Object.assign(new Error('relation "ledger_entry" does not exist'), { code: '42P01' });
      await expect(reconcileAtClose(failing(unreachable))).resolves.toBeUndefined();
      await expect(reconcileAtClose(failing(otherError))).rejects.toThrow(/does not exist/);
      await t.close();
    });
  });
});
