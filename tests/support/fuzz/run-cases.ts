import type { Endpoint } from '../../../src/contract/endpoint.js';
import type { TestApp } from '../test-app.js';
import type { FuzzCase } from './cases.js';
import type { Live } from './live-values.js';
import { problemsOf, replayProblems, type Answer } from './oracle.js';
import type { Sessions } from './sessions.js';
import { writeCounts } from './write-counter.js';

/**
 * Sends the cases through the real app (app.inject: the whole request path, no socket) and judges each
 * answer, reading what was written (write-counter.ts) after every case.
 */

export type Violation = { endpoint: string; case: string; request: string; answer: string; problems: string[] };

export type Tally = {
  cases: number;
  byClass: Record<string, number>;
  /** Status classes by endpoint: an endpoint with no 2xx at all is only ever fuzzed at its door. */
  byEndpoint: Record<string, Record<string, number>>;
  schemaAccepted: number;
  /** Every distinct refusal message, to read through (FUZZ_VERBOSE=1 prints them). */
  messages: Set<string>;
  violations: Violation[];
};

export const newTally = (): Tally => ({ cases: 0, byClass: {}, byEndpoint: {}, schemaAccepted: 0, messages: new Set(), violations: [] });

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

/** Each case from its own address, so that the sign-in throttle of one address never blocks the run. */
const addressOf = (i: number) => `198.51.100.${1 + (i % 250)}`;

async function send(t: TestApp, sessions: Sessions, c: FuzzCase, i: number): Promise<Answer> {
  const authorization = c.authorization ?? sessions.authorization(c.role);
  const res = await t.app.inject({
    method: c.method,
    url: c.url,
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(c.contentType ? { 'content-type': c.contentType } : {}),
      ...c.headers,
    },
    remoteAddress: addressOf(i),
  });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}

export async function runCases(
  t: TestApp,
  sessions: Sessions,
  live: Live,
  name: string,
  e: Endpoint,
  cases: Iterable<FuzzCase>,
  tally: Tally,
): Promise<void> {
  let before = await writeCounts(t);
  for (const c of cases) {
    const i = tally.cases;
    const first = await send(t, sessions, c, i);
    let after = await writeCounts(t);
    const problems = problemsOf(c, e, first, before, after);
    let answer = first;
    if (c.twice) {
      const mid = after;
      answer = await send(t, sessions, c, i);
      after = await writeCounts(t);
      problems.push(...problemsOf(c, e, answer, mid, after), ...replayProblems(first, answer, mid, after));
    }
    if (answer.status < 300) live.learn(answer.body);
    else tally.messages.add(`${answer.status} ${clip(answer.body, 160)}`);
    tally.cases += 1;
    bump(tally.byClass, `${Math.floor(answer.status / 100)}xx`);
    bump((tally.byEndpoint[name] ??= {}), String(answer.status));
    if (c.schemaAccepts) tally.schemaAccepted += 1;
    if (problems.length) {
      tally.violations.push({
        endpoint: `${name} (${e.method} ${e.path})`,
        case: `#${i} ${c.label} as ${c.authorization ? 'a forged token' : c.role}`,
        request: `${c.method} ${clip(c.url, 200)}${c.payload !== undefined ? ` ${c.contentType ?? ''} ${clip(c.payload)}` : ''}`,
        answer: `${answer.status} ${clip(answer.body)}`,
        problems,
      });
    }
    before = (await sessions.afterCase(c, answer)) ? await writeCounts(t) : after;
  }
}

/** For reading a run through: the statuses by endpoint, every refusal's words, the violations grouped by answer. */
export function details(tally: Tally): string {
  const byAnswer = new Map<string, Violation[]>();
  for (const v of tally.violations) {
    const key = `${v.answer} — ${v.problems.join('; ')}`;
    byAnswer.set(key, [...(byAnswer.get(key) ?? []), v]);
  }
  return [
    ...Object.entries(tally.byEndpoint).map(([name, statuses]) => `${name}: ${JSON.stringify(statuses)}`),
    ...[...tally.messages].sort(),
    ...[...byAnswer].map(([answer, vs]) => `${vs.length}× ${answer}\n  on ${[...new Set(vs.map((v) => v.endpoint.split(' ')[0]))].join(', ')}\n  e.g. ${vs[0]!.request}`),
  ].join('\n');
}
