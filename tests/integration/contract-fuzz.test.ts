import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/contract/endpoint.js';
import { endpoints } from '../../src/contract/endpoints.js';
import { casesFor, FULL, LIGHT, QUICK, type FuzzCase } from '../support/fuzz/cases.js';
import { createLive, type Live } from '../support/fuzz/live-values.js';
import { problemsOf } from '../support/fuzz/oracle.js';
import { prng, seedFor } from '../support/prng.js';
import { details, newTally, runCases, type Tally } from '../support/fuzz/run-cases.js';
import { openSessions, type Sessions } from '../support/fuzz/sessions.js';
import { changes, installWriteCounter, writeCounts } from '../support/fuzz/write-counter.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { LOCKOUT } from '../../src/server/modules/auth/auth.service.js';
import { atStrength } from '../support/strength.js';
import { createInvestorWithLogin, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * Fuzzing from the contract (docs/security.md E1, V1–V5): every entry of the endpoint table,
 * on the Maple books, is sent valid-looking requests generated from its schema and hostile ones (wrong
 * types, huge numbers, over-precise amounts, impossible dates, Unicode, control bytes, SQL, HTML, paths,
 * prototype keys; in the body, the query string and the headers), as its own role and as the wrong one.
 * No answer is a 5xx; every refusal is `{ message }` in plain words revealing nothing of the server; no
 * refusal writes anything (the rows of the audit trail and the ledger are counted after each case, and a
 * trigger counts every insert, update and delete of the books and the master data); what the contract
 * refuses gets a 400 and what the policy refuses a 401 or 403; a success is the contract's answer.
 *
 * A failure replays with the seed it prints: FUZZ_SEED=<seed> npx vitest run tests/integration/contract-fuzz.
 * The cases of an endpoint depend only on the seed and its name, its answers also on what the endpoints
 * before it wrote (they run in the table's order). CI sends the quick sample (about 6,000 cases a database),
 * a local run a lighter one (about 4,000, still above the floor the last test holds; see
 * tests/support/strength.ts); FUZZ_FULL=1 sends every hostile value instead of a sample (several times the
 * cases); FUZZ_VERBOSE=1 prints the answers by endpoint and every refusal's words.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_115);
const INTENSITY = process.env.FUZZ_FULL === '1' ? FULL : atStrength(QUICK, LIGHT);
const table = Object.entries(endpoints as Record<string, Endpoint>);

describe.each(DB_KINDS)('contract fuzz on %s', (kind) => {
  let template: AppTemplate<MapleBooks>;
  let t: TestApp;
  let sessions: Sessions;
  let live: Live;
  const tally: Tally = newTally();
  let started = 0;
  let setupSeconds = 0;

  beforeAll(async () => {
    started = Date.now();
    // A copy of the Maple books recorded once for the run: the fuzzer writes into books of its own.
    template = await mapleBooksTemplate(kind, { logins: true });
    t = await template.start();
    const books = template.state;
    sessions = await openSessions(t, books.admin, books.investors.A!);
    live = createLive(() => sessions.accountPassword());
    await installWriteCounter(t);
    setupSeconds = (Date.now() - started) / 1000;
  });

  afterAll(async () => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const classes = Object.entries(tally.byClass).sort().map(([c, n]) => `${n.toLocaleString('en-US')} ${c}`).join(', ');
    console.log(
      `contract fuzz: ${tally.cases.toLocaleString('en-US')} cases on ${kind} over ${table.length} endpoints, ${tally.byClass['5xx'] ?? 0} 5xx, ` +
        `${tally.violations.length} violations (seed ${SEED}, ${seconds} s with ${setupSeconds.toFixed(1)} s of setup): ${classes}; ` +
        `${tally.schemaAccepted.toLocaleString('en-US')} accepted by the schema; sessions restored ${JSON.stringify(sessions?.restored)}`,
    );
    if (process.env.FUZZ_VERBOSE === '1') console.log(details(tally));
    await t?.close();
    await template?.close();
  });

  it('sees every write: rows added to the audit trail and the ledger, and rows changed in place', async () => {
    const before = await writeCounts(t);
    const admin = { authorization: sessions.authorization('admin')! };
    const notes = await t.app.inject({ method: 'POST', url: endpoints.setPropertyNotes.path, headers: admin, payload: { property_name: 'P', notes: 'Counted' } });
    expect(notes.statusCode).toBe(200);
    const after = await writeCounts(t);
    expect(changes(before, after)).toEqual(expect.arrayContaining([expect.stringMatching(/^audit_event rows /), expect.stringMatching(/^property update /)]));
  });

  it.each(table)('%s: never a 5xx, a leak, or a write on a refusal', async (name, e) => {
    const before = tally.violations.length;
    await runCases(t, sessions, live, name, e, casesFor(e, prng(seedFor(SEED, name)), live, INTENSITY), tally);
    const found = tally.violations.slice(before);
    expect(found, `seed ${SEED}: ${JSON.stringify(found.slice(0, 10), null, 2)}`).toEqual([]);
  }, INTENSITY === FULL ? 600_000 : 60_000);

  it('takes bursts of concurrent sign-ins and codes: never a 5xx, every answer a plain message, at most the allowed guesses checked', async () => {
    const who = await createInvestorWithLogin(t, 'Fuzz Burst');
    const mark = (await t.testDb.db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM login_event'))[0]!.id;
    const rng = prng(seedFor(SEED, 'bursts'));
    const hostile = ['', ' ', '0'.repeat(7), '１２３４５６', '12345\u0000', "' OR 1=1 --", '999999', 'abcde-fghjk'];
    const requests = [
      ...Array.from({ length: 100 }, (_, i) => ({ url: '/auth/login', payload: { username: i % 2 ? who.username : `ghost-${i}`, password: `guess ${i}` } })),
      ...Array.from({ length: 60 }, (_, i) => ({
        url: '/auth/mfa',
        payload: i % 3 ? { mfa_token: 'forged.challenge.token', code: rng.pick(hostile) } : { mfa_token: 'forged.challenge.token', recovery_code: rng.pick(hostile) },
      })),
    ];
    const answers = await Promise.all(requests.map((r) => t.app.inject({ method: 'POST', url: r.url, payload: r.payload, remoteAddress: `10.9.${rng.int(0, 3)}.1` })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(new Set(statuses.filter((s) => ![400, 401, 429].includes(s)))).toEqual(new Set());
    for (const a of answers) expect(Object.keys(a.json())).toEqual(['message']);
    const checked = await t.testDb.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM login_event WHERE id > $1 AND username = $2 AND outcome = 'failure'`, [mark, who.username]);
    expect(checked[0]!.n).toBeLessThanOrEqual(LOCKOUT.freeFailures);
  });

  it('ran every endpoint of the table, several thousand cases in all', () => {
    expect(Object.keys(tally.byEndpoint).sort()).toEqual(table.map(([name]) => name).sort());
    expect(tally.cases).toBeGreaterThan(3000);
    // Valid-looking requests must get past validation, or the fuzzer only ever tests the schema.
    expect(tally.byClass['2xx'] ?? 0).toBeGreaterThan(300);
  });
});

/** The judge itself: each rule fails on the answer it exists to catch, so a quiet run means something. */
describe('the fuzz oracle', () => {
  const e = endpoints.addLoren as Endpoint;
  const c: FuzzCase = { label: 'x', method: 'POST', url: e.path, role: 'admin', expect: 'any', echoes: ["' OR 1=1 --", 'loren_name'] };
  const counts = { 'audit_event rows': 5, 'ledger_entry rows': 9 };
  const refusal = (message: string) => ({ status: 400, body: JSON.stringify({ message }) });

  it('catches a 5xx, a refusal that is not { message }, and a refusal that wrote', () => {
    expect(problemsOf(c, e, { status: 500, body: '{}' }, counts, counts)).toEqual(['a 500']);
    expect(problemsOf(c, e, { status: 400, body: 'oops' }, counts, counts)).toContain('a refusal that is not JSON');
    expect(problemsOf(c, e, { status: 400, body: '{"message":"No.","stack":"x"}' }, counts, counts)).toContain('a refusal with more than a message: stack');
    expect(problemsOf(c, e, refusal('No.'), counts, { ...counts, 'audit_event rows': 6 })).toEqual(['a refusal that wrote: audit_event rows 5 → 6']);
  });

  it("catches internals in a message, but not the client's own words said back", () => {
    for (const leak of [
      'Error: boom\n    at handler (/work/main/src/server/app.ts:12:5)', 'relation "loren" does not exist', 'SELECT id FROM loren',
      'pg pool exhausted', 'ZodError: invalid_type', 'Amount is undefined.', 'Loren name must be [object Object].',
      'Too big: expected string to have <=100 characters', 'Invalid input', 'Invalid option: expected one of "true"|"false"',
    ]) {
      expect(problemsOf(c, e, refusal(leak), counts, counts), leak).not.toEqual([]);
    }
    expect(problemsOf(c, e, refusal("Unknown field: ' OR 1=1 --."), counts, counts)).toEqual([]);
    expect(problemsOf(c, e, refusal('Loren name must be at most 100 characters.'), counts, counts)).toEqual([]);
  });

  it("wants a 400 where the contract refuses, a 401/403 where the policy does, the contract's answer on a success", () => {
    expect(problemsOf({ ...c, expect: 'schema' }, e, { status: 201, body: '{"message":"New loren added successfully"}' }, counts, counts)).not.toEqual([]);
    expect(problemsOf({ ...c, expect: 403 }, e, refusal('Not allowed.'), counts, counts)).not.toEqual([]);
    expect(problemsOf(c, e, { status: 201, body: '{"nothing":1}' }, counts, counts)).not.toEqual([]);
    expect(problemsOf(c, e, { status: 409, body: '{"message":"A loren named X already exists."}' }, counts, counts)).toEqual([]);
    expect(problemsOf(c, e, { status: 404, body: '{"message":"Not found."}' }, counts, counts)).toEqual(['answered 404, which the endpoint table does not declare']);
  });
});
