import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order test files start in, so the workers finish together: the longest first. After a run on
 * this machine vitest's cache knows each file's duration and the base order uses it; on a clean checkout
 * (CI) it does not, and the base order is by size alone, which starts a long file last as often as
 * first. Then the property and fuzz tests whose length grows with CI's strength go first (tests/support/
 * strength.ts: two minutes and more each in CI, the longest files of the suite), the browser files next
 * (each drives Chromium through many screens), the other API tests after them, the unit tests last, each
 * group larger files first.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const known = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`) !== undefined;
    if (sorted.every(known)) return sorted;
    const rank = (spec: TestSpecification) => {
      const file = path.relative(this.ctx.config.root, spec.moduleId);
      if (file.startsWith('tests/integration/') && readFileSync(spec.moduleId, 'utf8').includes('support/strength.js')) return 0;
      return file.startsWith('tests/e2e/') ? 1 : file.startsWith('tests/integration/') ? 2 : 3;
    };
    const ranks = new Map(sorted.map((spec) => [spec, rank(spec)]));
    // Array.prototype.sort is stable: within a group, the base order (larger files first) stays.
    return [...sorted].sort((a, b) => (ranks.get(a) ?? 3) - (ranks.get(b) ?? 3));
  }
}
