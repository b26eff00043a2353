/**
 * The embedded database runs each statement on the server's own thread and settles it as a microtask, so
 * a transaction of many statements (a bank import, a distribution run, an undo) never lets the event loop
 * run: every other request, even `/healthz`, waited seconds behind one (docs/performance.md). For one
 * transaction: once it has run `everyMs` since it began or last waited, it waits one turn of the loop
 * (`setImmediate`) after its next statement. Sockets, timers and other requests' first steps run
 * meanwhile; their statements queue behind the open transaction as before (PGlite serializes them). A
 * short transaction never waits: a turn there would only hold its lock longer.
 */
export function transactionTurns(everyMs = 10): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < everyMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
