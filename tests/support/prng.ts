/**
 * A small deterministic PRNG (mulberry32) for the fuzz, the random ledgers and the scale data: the same
 * seed gives the same values in the same order, so a failure found once replays exactly (FUZZ_SEED=<seed>).
 */
export type Prng = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items (all of them when there are fewer), in a random order. */
  sample<T>(items: readonly T[], count: number): T[];
  chance(p: number): boolean;
};

export function prng(seed: number): Prng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, count);
  };
  return { next, int, pick, sample, chance: (p) => next() < p };
}

/** A seed of its own for each endpoint (FNV-1a of its name mixed with the run's seed): one endpoint replays alone. */
export function seedFor(runSeed: number, name: string): number {
  let h = 0x811c9dc5 ^ runSeed;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
