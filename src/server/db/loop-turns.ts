/**
 * The embedded database runs each statement on the server's own thread and settles it as a microtask, so
 * a transaction of many statements (a bank import, a distribution run, an undo) never lets the event loop
 * run: every other request, even `/healthz`, waited seconds behind one (docs/performance.md). After a
 * statement, once the loop has not turned for `everyMs`, the caller waits one turn (`setImmediate`):
 * sockets, timers and other requests' first steps run meanwhile, and their statements queue behind the
 * open transaction as before (PGlite serializes them).
 */
export function loopTurns(everyMs = 10) {
  let turned = performance.now();
  // Moves whenever the loop runs its timers; a statement loop that holds the thread leaves it behind.
  const beat = setInterval(() => {
    turned = performance.now();
  }, everyMs / 2);
  beat.unref();
  return {
    /** Nothing while the loop turns on its own; one turn of it once it has not for `everyMs`. */
    afterStatement(): Promise<void> | undefined {
      if (performance.now() - turned < everyMs) return undefined;
      return new Promise<void>((resolve) =>
        setImmediate(() => {
          turned = performance.now();
          resolve();
        }),
      );
    },
    stop: () => clearInterval(beat),
  };
}
