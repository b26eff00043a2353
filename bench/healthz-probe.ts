/**
 * While a long piece of work runs (a statements zip, a bank import), how long a bare request waits: asks
 * `/healthz` every 50 ms until stopped, and answers the median and longest wait. Long work must not stall
 * the server for everyone else.
 */
export function probeHealthz(base: string): { stop(): Promise<{ waitP50: number; waitMax: number }> } {
  const waits: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      // A connection the server closed while it was busy counts as a wait that long, not as the end of the run.
      await fetch(`${base}/healthz`).then((r) => r.arrayBuffer(), () => undefined);
      waits.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await probe;
      waits.sort((a, b) => a - b);
      return { waitP50: waits[Math.floor(waits.length / 2)] ?? NaN, waitMax: waits.at(-1) ?? NaN };
    },
  };
}
