import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks, expectedFigures, makeOp, sendOp, servedFigures, setUpBooks, type Op } from './support/books.js';
import { FAULT_DB_KINDS, faultDb, type FaultDb } from './support/databases.js';
import { seededRandom, signInAdmin, sleep, startServer, type ServerProcess } from './support/server.js';

/**
 * Fault test F1 (docs/security.md): `kill -9` of the real server in the middle of concurrent
 * writes, then a restart on the same books. Checked after every kill, straight from the database: each
 * write the clients saw acknowledged is there exactly once with the id it was answered, nothing is
 * half-written (a row without its audit row or Idempotency-Key, or the reverse), the audit hash chain
 * verifies. After the restart the clients retry every write that got no answer with the same key (the
 * ones that had committed answer their id and are not written again), and the investor's figures equal
 * the sums of the writes.
 */
const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 3);
const CLIENTS = Number(process.env.FAULT_CLIENTS ?? 16);
const IMPATIENT = 2;
const SEED = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31));

describe.each(FAULT_DB_KINDS)('kill -9 in the middle of concurrent writes, on %s', (kind) => {
  let books: FaultDb;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    books = await faultDb(kind);
  });
  afterAll(async () => {
    if (server?.alive()) await server.kill9();
    await books?.dispose();
  });

  it(`loses no acknowledged write, writes none twice and leaves nothing half-written (${ROUNDS} kills)`, async () => {
    const random = seededRandom(SEED);
    const started = performance.now();
    const ops: Op[] = [];
    let seq = 0;
    const tally = { kills: 0, inFlightAtKill: 0, ambiguousCommitted: 0, ambiguousAbsent: 0, retried: 0, replayed: 0 };

    server = await startServer(books.env);
    await setUpBooks(server, await signInAdmin(server));

    for (let round = 1; round <= ROUNDS; round++) {
      const live: ServerProcess = server;
      const token = await signInAdmin(live);
      const roundOps: Op[] = [];
      let stop = false;
      // Each client writes one op after another until the server goes away under it.
      // Two of them are impatient: they hang up a few milliseconds after sending, as a client whose
      // answer is lost would, so some unanswered writes have committed when the server dies.
      const clients = Array.from({ length: CLIENTS }, async (_, c) => {
        while (!stop) {
          const op = makeOp(seq++, `r${round}`);
          ops.push(op);
          roundOps.push(op);
          try {
            await sendOp(live, token, op, c < IMPATIENT ? 2 + random() * 60 : 15_000);
          } catch (err) {
            if ((err as { code?: string }).code !== 'CLIENT_TIMEOUT') return; // the connection died with the server
            await sleep(100 + random() * 200); // not a flood: about the pace of a client that waits for its answers
          }
        }
      });
      // A random moment of the load, once it runs: the first write answered, then 0.5 to 3 seconds.
      for (let waited = 0; !roundOps.some((o) => o.state === 'acked') && waited < 20_000; waited += 20) await sleep(20);
      await sleep(500 + random() * 2_500);
      const inFlight = roundOps.filter((o) => o.state === 'pending').length;
      await live.kill9();
      stop = true;
      await Promise.all(clients);
      tally.kills++;
      tally.inFlightAtKill += inFlight;

      const refused = roundOps.filter((o) => o.state === 'refused');
      expect(refused.map((o) => `#${o.seq} ${o.statuses.join(',')}`), 'no write is refused or fails with a status').toEqual([]);
      const unexpected = roundOps.filter((o) => o.statuses.some((s) => s !== 201 && s !== 0));
      expect(unexpected.map((o) => `#${o.seq} ${o.statuses.join(',')}`), 'every answer is a 201').toEqual([]);

      // The books as the kill left them, read by the test while no server runs.
      const db = await books.open();
      const check = await checkBooks(db, ops).finally(() => db.close());
      expect(check.violations, `after kill ${round}`).toEqual([]);
      tally.ambiguousCommitted += check.ambiguousCommitted;
      tally.ambiguousAbsent += check.ambiguousAbsent;
      const acked = roundOps.filter((o) => o.state === 'acked').length;
      const ambiguous = roundOps.filter((o) => o.state === 'ambiguous');
      console.log(`[F1 ${kind}] round ${round}: kill -9 after ${acked} acknowledged writes, ${inFlight} in flight (${roundOps.length} sent); ` +
        `of ${ambiguous.length} unanswered, ${check.ambiguousCommitted} had committed; ledger holds ${check.rows} load rows`);

      // Restart on the same books; the clients retry what got no answer, with the same Idempotency-Key.
      server = await startServer(books.env);
      const again = await signInAdmin(server);
      for (const op of ambiguous) {
        const committedId = check.idBySeq.get(op.seq);
        await sendOp(server, again, op);
        tally.retried++;
        expect(op.state, `retry of #${op.seq}`).toBe('acked');
        if (committedId !== undefined) expect(op.id, `retry of committed #${op.seq} answers its row`).toBe(committedId);
      }
      // A repeat of an acknowledged write answers the same id and writes nothing (sendOp checks the id).
      for (const op of roundOps.filter((o) => o.state === 'acked').slice(0, 5)) {
        await sendOp(server, again, op);
        tally.replayed++;
      }
      expect(await servedFigures(server, again), `figures after round ${round}`).toEqual(expectedFigures(ops));
    }

    // The last server stops gracefully; the books must hold every write once, all of them acknowledged now.
    expect(await server.stop()).toBe(0);
    const db = await books.open();
    const final = await checkBooks(db, ops).finally(() => db.close());
    expect(final.violations).toEqual([]);
    const acked = ops.filter((o) => o.state === 'acked').length;
    expect(final.rows).toBe(acked);
    expect(tally.ambiguousCommitted, 'some writes committed without an answer reached the client').toBeGreaterThan(0);
    expect(ops.filter((o) => o.state !== 'acked').map((o) => o.seq), 'every write ends acknowledged').toEqual([]);
    console.log(`[F1 ${kind}] ${books.where}, seed ${SEED}: ${tally.kills} kills, ${acked} acknowledged writes checked present once ` +
      `(${tally.inFlightAtKill} in flight at the kills; unanswered: ${tally.ambiguousCommitted} had committed, ${tally.ambiguousAbsent} had not; ` +
      `${tally.retried} retried with their key, ${tally.replayed} acknowledged writes repeated), audit chain intact, ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`);
  });
});
