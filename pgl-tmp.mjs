import { PGlite } from '@electric-sql/pglite';
const extra = process.argv[2] ? ['-c', `shared_buffers=${process.argv[2]}`] : [];
const mb = () => Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 1e6)]));
console.log('start', mb());
const db = await PGlite.create('bench/.data/pglite-small/pglite', { startParams: [...PGlite.defaultStartParams, ...extra] });
console.log('open', mb(), (await db.query('SHOW shared_buffers')).rows[0]);
await db.query('SELECT count(*), sum(amount_cents) FROM ledger_entry');
await db.query('SELECT * FROM answer_cache');
console.log('after scans', mb());
