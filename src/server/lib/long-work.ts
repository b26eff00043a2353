/**
 * Whether work that answers someone now is under way: a batch (an endpoint marked `long`: a bank import,
 * a distribution run, a K-1 batch, a year of statements) or a write (any other call that is not a GET).
 * Work that only saves time later (answers computed ahead) waits for it instead of taking the embedded
 * database's one connection and a core from it: under a stream of writes, an answer computed ahead is
 * made old by the next write before anyone reads it (docs/performance.md).
 */
export function createLongWork() {
  let running = 0;
  return {
    /** One batch or write begins; the function returned ends it (once, however often it is called). */
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
