/**
 * Whether a batch (an endpoint marked `long`: a bank import, a distribution run, a K-1 batch, a year of
 * statements) is under way, so work that only saves time later (answers computed ahead) can wait for it
 * instead of taking the embedded database's one connection and a core from it.
 */
export function createLongWork() {
  let running = 0;
  return {
    /** One batch begins; the function returned ends it (once, however often it is called). */
    begin(): () => void {
      running++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        running--;
      };
    },
    busy: (): boolean => running > 0,
  };
}

export type LongWork = ReturnType<typeof createLongWork>;
