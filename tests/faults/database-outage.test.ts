import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/server/db/client.js';
import { BOOKS, checkBooks, expectedFigures, makeOp, sendOp, servedFigures, setUpBooks, type Op } from './support/books.js';
import { canRunPrivatePostgres, startPrivatePostgres, type PrivatePostgres } from './support/private-pg.js';
import { seededRandom, signInAdmin, sleep, startServer, type ServerProcess } from './support/server.js';

/**
 * Fault test F2 with E2 (docs/security.md): PostgreSQL stopped under load and started again,
 * twice: `pg_ctl stop -m immediate` (a crash as far as its data is concerned: its connections vanish,
 * crash recovery at the next start) and `-m fast` (each connection ended with 57P01). The server process must stay
 * up, answer 503 with Retry-After meanwhile (never a 500, never hang), and serve again by itself once the
 * database is back, without a restart; every write a client saw acknowledged is there exactly once.
 * The database is a private cluster of this test's own: the machine's shared server is never touched.
 */
const WRITERS = 8;
const READERS = 4;
const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_MS ?? 3_000);
/** The longest a request may take: above the pool's connection timeout (5 s), below the client's give-up. */
const SLOWEST_ANSWER_MS = 12_000;
const CLIENT_TIMEOUT_MS = 20_000;
const SEED = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** A write is settled once acknowledged or refused; until then its client sends it again. */
const settled = (op: Op) => op.state === 'acked' || op.state === 'refused';

type Phase = {
  mode: 'immediate' | 'fast';
  stopAt: number; downAt: number; startAt: number; upAt: number; recoveredAt?: number;
  alive: boolean[];
  probeWrite?: { status: number; retryAfter?: string };
};
type Sample = { kind: 'read' | 'write'; at: number; done: number; status: number; retryAfter?: string; body: unknown; error?: string };

describe.runIf(canRunPrivatePostgres())('PostgreSQL stopped under load and started again', () => {
  let cluster: PrivatePostgres;
  let server: ServerProcess | undefined;
  let url: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-faults-outage-'));

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    url = await cluster.createDatabase('portal');
  });
  afterAll(async () => {
    if (server?.alive()) await server.kill9();
    await cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the server up, answers 503 with Retry-After meanwhile, recovers by itself and loses no acknowledged write', async () => {
    const random = seededRandom(SEED);
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: url });
    const live = server;
    const token = await signInAdmin(live);
    await setUpBooks(live, token);

    const t0 = performance.now();
    const now = () => performance.now() - t0;
    const samples: Sample[] = [];
    const ops: Op[] = [];
    let seq = 0;
    let stop = false;

    const record = (kind: Sample['kind'], at: number, r: { status: number; headers?: Record<string, unknown>; body?: unknown }, error?: string) =>
      samples.push({ kind, at, done: now(), status: r.status, retryAfter: r.headers?.['retry-after'] as string | undefined, body: r.body, error });

    // Writers: each write is sent until it is acknowledged, always with its own Idempotency-Key,
    // as a client that sees a 503 or loses its answer does. A writer finishes its write before it stops.
    const writers = Array.from({ length: WRITERS }, async () => {
      while (!stop) {
        const op = makeOp(seq++, 'outage');
        ops.push(op);
        const deadline = now() + 60_000;
        while (!settled(op) && now() < deadline) {
          const at = now();
          try {
            const res = await sendOp(live, token, op, CLIENT_TIMEOUT_MS);
            record('write', at, res);
          } catch (err) {
            record('write', at, { status: 0 }, (err as Error).message);
          }
          if (!settled(op)) await sleep(50 + random() * 150);
        }
      }
    });
    const readers = Array.from({ length: READERS }, async (_, i) => {
      const urls = [`/api/investor_summary?investor_name=${encodeURIComponent(BOOKS.investor)}`, '/admin/get_admin_helpers'];
      for (let k = i; !stop; k++) {
        const at = now();
        try {
          const res = await live.request('GET', urls[k % urls.length] as string, { token, timeoutMs: CLIENT_TIMEOUT_MS });
          record('read', at, { status: res.status, headers: res.headers, body: res.body });
        } catch (err) {
          record('read', at, { status: 0 }, (err as Error).message);
        }
        await sleep(20);
      }
    });

    // Two outages under the one load: a crash-like stop (the server's connections vanish, crash recovery
    // at the start) and a fast stop (PostgreSQL ends each connection with 57P01 first).
    const probe = () => live.request('POST', '/admin/record_cash_withdrawal', {
      token, headers: { 'idempotency-key': `outage-probe-${SEED}` },
      body: { investor_name: BOOKS.investor, date: '2024-06-30', description: 'Written while the database is down', amount: '1.00' },
    });
    const phases: Phase[] = [];
    for (const mode of ['immediate', 'fast'] as const) {
      await sleep(1_000 + random() * 1_000);
      const stopAt = now();
      await cluster.stop(mode);
      const downAt = now();
      const alive: boolean[] = [];
      let probeWrite: { status: number; retryAfter?: string } | undefined;
      for (let waited = 0; waited < OUTAGE_MS; waited += 500) {
        await sleep(500);
        alive.push(live.alive());
        if (!probeWrite) {
          const res = await probe();
          probeWrite = { status: res.status, retryAfter: res.headers['retry-after'] as string | undefined };
        }
      }
      const startAt = now();
      await cluster.start();
      const upAt = now();
      // Served again, by itself: the first read sent after PostgreSQL was back that answered 200.
      let recoveredAt: number | undefined;
      for (let waited = 0; recoveredAt === undefined && waited < 30_000; waited += 100) {
        recoveredAt = samples.find((x) => x.kind === 'read' && x.at >= upAt && x.status === 200)?.done;
        if (recoveredAt === undefined) await sleep(100);
      }
      phases.push({ mode, stopAt, downAt, startAt, upAt, recoveredAt, alive, probeWrite });
    }
    await sleep(2_000);
    stop = true;
    await Promise.all([...writers, ...readers]);
    const endAt = now();

    // The server never went away, and every answer was a 200/201 or a 503 with Retry-After in plain words.
    const everAlive = phases.every((ph) => ph.alive.every(Boolean)) && live.alive();
    expect(everAlive, `server alive; its output:\n${live.output().slice(-3000)}`).toBe(true);
    const odd = samples.filter((x) => ![200, 201, 503].includes(x.status));
    if (odd.length > 0) {
      // What the server logged about them, for the report (its log is JSON lines with the request id).
      const ids = odd.map((x) => (x.body as { requestId?: string } | undefined)?.requestId).filter(Boolean) as string[];
      const logged = live.output().split('\n').filter((line) => ids.some((id) => line.includes(`"${id}"`)));
      console.log(`[F2 postgres] unexpected answers, seed ${SEED}, phases ${JSON.stringify(phases)}; server log:\n${logged.join('\n')}`);
    }
    expect(odd.map((x) => `${x.kind} at ${x.at.toFixed(0)} ms: ${x.status} ${x.error ?? JSON.stringify(x.body)}`), 'no 500, no dropped connection, no hang').toEqual([]);
    const unavailable = samples.filter((x) => x.status === 503);
    expect(unavailable.filter((x) => x.retryAfter !== '5').length, 'every 503 has Retry-After').toBe(0);
    expect(new Set(unavailable.map((x) => JSON.stringify(x.body)))).toEqual(new Set([JSON.stringify({ message: 'The database cannot be reached just now. Try again in a moment.' })]));
    const slowest = Math.max(...samples.map((x) => x.done - x.at));
    expect(slowest, 'no request hangs').toBeLessThan(SLOWEST_ANSWER_MS);
    const lines: string[] = [];
    phases.forEach((ph, i) => {
      expect(ph.probeWrite, `a write during the ${ph.mode} outage`).toEqual({ status: 503, retryAfter: '5' });
      // While PostgreSQL was down, nothing but 503.
      const during = samples.filter((x) => x.at >= ph.downAt && x.done <= ph.startAt);
      expect(during.length).toBeGreaterThan(0);
      expect(during.filter((x) => x.status !== 503).map((x) => `${x.kind} ${x.status}`), `${ph.mode} outage`).toEqual([]);
      expect(ph.recoveredAt, `served again without a restart after the ${ph.mode} stop`).toBeDefined();
      const recovered = ph.recoveredAt as number;
      expect((recovered - ph.upAt) / 1000).toBeLessThan(15);
      // A second after the first 200, every answer is a success again until the next outage.
      const next = phases[i + 1]?.stopAt ?? endAt;
      const after = samples.filter((x) => x.at > recovered + 1_000 && x.done < next);
      expect(after.filter((x) => x.status !== 200 && x.status !== 201).map((x) => `${x.kind} ${x.status}`)).toEqual([]);
      const in503 = samples.filter((x) => x.status === 503 && x.at >= ph.stopAt && x.at < next).length;
      lines.push(`${ph.mode} stop at ${(ph.stopAt / 1000).toFixed(1)} s: down ${((ph.startAt - ph.downAt) / 1000).toFixed(1)} s ` +
        `(start with recovery ${((ph.upAt - ph.startAt) / 1000).toFixed(2)} s), ${in503} answers 503, ` +
        `served again ${((recovered - ph.upAt) / 1000).toFixed(2)} s after PostgreSQL was up`);
    });

    // Every write was acknowledged in the end, once: the books hold exactly them, nothing half-written.
    expect(ops.filter((o) => o.state !== 'acked').map((o) => `#${o.seq} ${o.statuses.join(',')}`)).toEqual([]);
    const db = await openPostgres(url);
    const check = await checkBooks(db, ops).finally(() => db.close());
    expect(check.violations).toEqual([]);
    expect(check.rows).toBe(ops.length);
    expect(await servedFigures(live, token)).toEqual(expectedFigures(ops));
    // The write sent by hand during the outages was not written; sent again now it is, and a repeat replays it.
    const first = await probe();
    expect(first.status).toBe(201);
    const repeat = await probe();
    expect(repeat.body).toEqual(first.body);
    const check2 = await openPostgres(url);
    const probes = await check2.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_entry WHERE description = 'Written while the database is down'`).finally(() => check2.close());
    expect(probes).toEqual([{ n: 1 }]);

    const retriedWrites = ops.filter((o) => o.attempts > 1).length;
    const sawUnavailable = ops.filter((o) => o.statuses.includes(503)).length;
    console.log(`[F2 postgres] seed ${SEED}: ${samples.length} requests under load (${WRITERS} writers, ${READERS} readers); ` +
      `${lines.join('; ')}; in all ${unavailable.length} answers 503 (${unavailable.filter((x) => x.kind === 'read').length} reads, ` +
      `${unavailable.filter((x) => x.kind === 'write').length} writes), 0 answers 500, 0 dropped connections, slowest answer ` +
      `${(slowest / 1000).toFixed(2)} s; server process stayed up (no restart); ${ops.length} writes acknowledged and present once ` +
      `(${retriedWrites} retried with their key, ${sawUnavailable} saw a 503 first), audit chain intact`);
    expect(await live.stop()).toBe(0);
  });
});
