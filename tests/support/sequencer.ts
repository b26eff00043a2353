import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order test files start in, so the two workers finish together: the longest first. After a run on
 * this machine vitest's cache knows each file's duration and the base order uses it; on a clean checkout
 * (CI) it does not, and the base order is by size alone, which starts a long browser file last as often
 * as first. Then the browser files go first (each drives Chromium through many screens), the API tests
 * next, the unit tests last, each group larger files first.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const known = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`) !== undefined;
    if (sorted.every(known)) return sorted;
    const rank = (spec: TestSpecification) => {
      const file = path.relative(this.ctx.config.root, spec.moduleId);
      return file.startsWith('tests/e2e/') ? 0 : file.startsWith('tests/integration/') ? 1 : 2;
    };
    // Array.prototype.sort is stable: within a group, the base order (larger files first) stays.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
