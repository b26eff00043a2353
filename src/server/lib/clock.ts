/** The source of "now". Injected so that tests can move time (token expiry, lockouts, secret expiry). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: for tests and for replaying history (demo data). */
export function manualClock(start: Date): Clock & { advance(ms: number): void; set(d: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(d) {
      current = d.getTime();
    },
  };
}
