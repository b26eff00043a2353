/**
 * The embedded database runs each statement on the server's own thread and settles it as a microtask, so
 * a transaction of many statements (a bank import, a distribution run, an undo) never lets the event loop
 * run: every other request, even `/healthz`, waited seconds behind one (docs/performance.md). After a
 * statement of a transaction that has run `everyMs` without a turn, once the loop has not turned for as
 * long either, the transaction waits one turn (`setImmediate`): sockets, timers and other requests' first
 * steps run meanwhile, and their statements queue behind the open transaction as before (PGlite
 * serializes them). A short transaction never waits inside: a turn there would only hold its lock longer.
 */
export function loopTurns(everyMs = 10) {
  let turned = performance.now();
  // Moves whenever the loop runs its timers; statements that hold the thread leave it behind.
  const beat = setInterval(() => {
    turned = performance.now();
  }, everyMs / 2);
  beat.unref();
  return {
    /** For one transaction: what to await after each of its statements (nothing, or one turn of the loop). */
    transaction(): () => Promise<void> | undefined {
      let since = performance.now();
      return () => {
        const now = performance.now();
        if (now - since < everyMs || now - turned < everyMs) return undefined;
        return new Promise<void>((resolve) =>
          setImmediate(() => {
            since = turned = performance.now();
            resolve();
          }),
        );
      };
    },
    stop: () => clearInterval(beat),
  };
}
