/**
 * A period's statements for every investor, as the admin downloads them (issue 13 item 8), timed; and,
 * while the zip is being written, how long a bare request waits: the zip must not stall the server.
 */
export type ZipRun = { seconds: number; megabytes: number; investors: number; waitP50: number; waitMax: number };

export async function measureStatementsZip(base: string, token: string, from: string, to: string): Promise<ZipRun> {
  const waits: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
      waits.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const started = performance.now();
  const res = await fetch(`${base}/admin/statements?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`statements: ${res.status} ${await res.text()}`);
  const bytes = (await res.arrayBuffer()).byteLength;
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await probe;
  waits.sort((a, b) => a - b);
  return {
    seconds,
    megabytes: bytes / 1_048_576,
    investors: Number(res.headers.get('x-file-count')),
    waitP50: waits[Math.floor(waits.length / 2)] ?? NaN,
    waitMax: waits.at(-1) ?? NaN,
  };
}
