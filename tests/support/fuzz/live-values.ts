import type { LiveValues } from './valid-values.js';

/**
 * What the fuzzer learns while it runs, for valid-looking requests that go deeper: fresh names (an "add"
 * with a name that exists only ever gets a 409), and the records the API itself answered (a viewer's row
 * with its id, date and amount is exactly what a void of it needs).
 */
export type Live = LiveValues & {
  /** Keeps the records of a successful answer's JSON. */
  learn(body: string): void;
};

type Row = Record<string, unknown>;

/** Enough records to void, without the search through them costing more than the requests. */
const MAX_RECORDS = 400;

/** Objects of at least two plain values inside an answer: rows of viewers, reports, lists. */
function recordsIn(value: unknown, out: Row[] = []): Row[] {
  if (Array.isArray(value)) for (const v of value) recordsIn(v, out);
  else if (value && typeof value === 'object') {
    const plain = Object.entries(value).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
    if (plain.length >= 2) out.push(Object.fromEntries(plain));
    for (const v of Object.values(value)) recordsIn(v, out);
  }
  return out;
}

export function createLive(accountPassword: () => string): Live {
  let n = 0;
  const records = new Map<string, Row>();
  return {
    accountPassword,
    fresh: (prefix) => `${prefix} ${(n += 1)}`,
    records: () => [...records.values()],
    learn(body) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return;
      }
      for (const r of recordsIn(parsed)) {
        const key = JSON.stringify(r);
        if (records.has(key)) continue;
        records.set(key, r);
        if (records.size > MAX_RECORDS) records.delete(records.keys().next().value!);
      }
    },
  };
}
