import { answerKey, type KeptAnswers } from './kept-answers.js';
import type { AheadUnit, RegisteredRead } from './registered-read.js';

/** One step of computing ahead: one reading in one snapshot, keeping the answer under `key` and those made alongside it. */
export type AheadStep = { key: string; run: () => Promise<number> };

/**
 * The steps that keep a unit's answers (an investor's, an LLC's) ahead of reads, from the registry of
 * declared reads (registered-read.ts): each read computed `per` that kind of unit, in the registry's
 * order, for each of its params, with the reads computed `from` it made from the same reading. Small
 * steps: a step holds a connection (PGlite's only one).
 */
export function aheadStepsOf(reads: RegisteredRead[], kept: Pick<KeptAnswers, 'ahead'>) {
  return ({ per, unit }: AheadUnit, day: string): AheadStep[] =>
    reads.flatMap(({ read, ahead }) => {
      if (ahead === undefined || !('per' in ahead) || ahead.per !== per) return [];
      const alongside = reads.flatMap((r) => (r.ahead && 'from' in r.ahead && r.ahead.from === read ? [{ read: r.read, params: r.ahead.params }] : []));
      return (ahead.params as (unit: unknown, day: string) => never[])(unit, day).map((p): AheadStep => {
        const key = answerKey(read, p);
        return {
          key,
          run: () =>
            kept.ahead(read, p, (input) =>
              ahead.hasAnswer && !ahead.hasAnswer(input)
                ? []
                : [[key, read.compute(input, p)], ...alongside.flatMap((a) => a.params(input, p).map((q): [string, unknown] => [answerKey(a.read, q), a.read.compute(input, q)]))],
            ),
        };
      });
    });
}
