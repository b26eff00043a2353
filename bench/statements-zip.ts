/**
 * A period's statements for every investor, as the admin downloads them, timed; and,
 * while the zip is being written, how long a bare request waits: the zip must not stall the server.
 * With `maxSeconds` the download is cut off then (the large tier's 2,000 statements of a year take tens
 * of minutes): the statements received so far, counted by their zip headers, give the rate.
 */
import { probeHealthz } from './healthz-probe.js';

export type ZipRun = {
  seconds: number; megabytes: number; investors: number; statements: number; complete: boolean; waitP50: number; waitMax: number;
};

/** The signature that opens each file's entry in a zip ("PK\x03\x04"). */
const LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];

export async function measureStatementsZip(base: string, token: string, from: string, to: string, maxSeconds = Infinity): Promise<ZipRun> {
  const probe = probeHealthz(base);
  const started = performance.now();
  const cutOff = new AbortController();
  const res = await fetch(`${base}/admin/statements?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${token}` }, signal: cutOff.signal });
  if (res.status !== 200) throw new Error(`statements: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let statements = 0;
  let complete = true;
  let tail: number[] = []; // the last bytes of the previous chunk: a signature may straddle two
  const reader = res.body!.getReader();
  for (;;) {
    if ((performance.now() - started) / 1000 > maxSeconds) {
      complete = false;
      cutOff.abort();
      break;
    }
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    const look = [...tail, ...value];
    for (let i = 0; i + 4 <= look.length; i++) if (LOCAL_HEADER.every((b, k) => look[i + k] === b)) statements++;
    tail = look.slice(-3);
  }
  const seconds = (performance.now() - started) / 1000;
  const waited = await probe.stop();
  return {
    seconds,
    megabytes: bytes / 1_048_576,
    investors: Number(res.headers.get('x-file-count')),
    statements,
    complete,
    ...waited,
  };
}
