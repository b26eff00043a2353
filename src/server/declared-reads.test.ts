import { describe, expect, it } from 'vitest';
import { declaredReads } from './declared-reads.js';
import * as investorReads from './modules/investor-portal/investor-reads.js';
import { aheadStepsOf } from './modules/read-model/ahead-steps.js';
import * as reportReads from './modules/reports/report-reads.js';

/** A declared read among a module's exports: named, with its reads, scopes and compute. */
const isDeclaredRead = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && typeof (v as { name?: unknown }).name === 'string' && ['read', 'scopes', 'compute'].every((f) => typeof (v as Record<string, unknown>)[f] === 'function');

// Only the keys of the steps are read here: no step runs, so nothing is computed or kept.
const steps = aheadStepsOf(declaredReads, { ahead: () => Promise.reject(new Error('not run')) });

describe('the registry of declared reads', () => {
  it('lists every declared read of the modules once, by a name no other read has', () => {
    const declared = [...Object.values(investorReads), ...Object.values(reportReads)].filter(isDeclaredRead);
    expect(declared.length).toBeGreaterThanOrEqual(7);
    expect(new Set(declaredReads.map((r) => r.read))).toEqual(new Set(declared));
    expect(declaredReads).toHaveLength(declared.length);
    expect(new Set(declaredReads.map((r) => r.read.name)).size).toBe(declaredReads.length);
  });

  it('computes a read alongside another only if that one is computed ahead per investor or LLC', () => {
    for (const { ahead } of declaredReads) {
      if (ahead && 'from' in ahead) expect(declaredReads.find((r) => r.read === ahead.from)?.ahead).toHaveProperty('per');
    }
  });

  it("plans an investor's summary, and an LLC's property details, property taxes, then its tax reports, the latest year last", () => {
    expect(steps({ per: 'investor', unit: 7 }, '2026-03-04').map((s) => s.key)).toEqual(['investor_summary/7/2026-03-04']);
    expect(steps({ per: 'llc', unit: { llcId: 3, propertyIds: [11, 12] } }, '2026-03-04').map((s) => s.key)).toEqual([
      'property_details/2026-03-04/11',
      'property_details/2026-03-04/12',
      ...[11, 12].flatMap((p) => [2024, 2025, 2026].map((y) => `property_taxes/2026-03-04/${y}/${p}`)),
      ...[2024, 2025, 2026].map((y) => `llc_taxes/2026-03-04/${y}/3`),
    ]);
  });
});
