import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '../../src/contract/endpoint.js';
import { endpoints } from '../../src/contract/endpoints.js';
import type { Db } from '../../src/server/db/client.js';
import { monthOf } from '../../src/server/domain/dates.js';
import { appendAudits } from '../../src/server/modules/audit/audit.repository.js';
import { insertLedgerEntries, type NewLedgerEntry } from '../../src/server/modules/ledger/ledger.repository.js';
import type { Portfolio, Request } from './portfolio.js';

/**
 * Two ways to load a scale portfolio. Through the API: every request as an admin would send it (the
 * reference, too slow for a million rows). Batched: master data through the API, then the money
 * requests parsed by the same contract schemas, turned into ledger rows exactly as the recording and
 * withdrawal services do, and inserted 5,000 to a transaction with their audit rows; the database's own triggers keep the
 * monthly totals and the version of the books as they do for every write. The batched path skips the
 * withdrawal limits (the plan is valid by construction; the API path would refuse an overdraw) and
 * writes the audit rows batch by batch, chained as one by one. A test loads the tiny tier both ways and
 * compares every report.
 */

export type Progress = (done: number, what: string) => void;

const byPath = new Map<string, Endpoint>(Object.values(endpoints).map((e) => [e.path, e]));

async function send(app: FastifyInstance, token: string, [url, body]: Request): Promise<void> {
  const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: body });
  if (res.statusCode >= 300) throw new Error(`${url} ${JSON.stringify(body)} → ${res.statusCode} ${res.body}`);
}

export async function loadMasterData(app: FastifyInstance, token: string, plan: Portfolio, progress?: Progress): Promise<void> {
  const all = [...plan.llcs, ...plan.properties, ...plan.investors];
  for (const [k, r] of all.entries()) {
    await send(app, token, r);
    if ((k + 1) % 500 === 0) progress?.(k + 1, 'master data requests');
  }
}

export async function loadThroughApi(app: FastifyInstance, token: string, plan: Portfolio, progress?: Progress): Promise<number> {
  await loadMasterData(app, token, plan, progress);
  const requests = plan.inDateOrder();
  for (const [k, r] of requests.entries()) {
    await send(app, token, r);
    if ((k + 1) % 1000 === 0) progress?.(k + 1, 'entries through the API');
  }
  return requests.length;
}

type Row = Omit<NewLedgerEntry, 'createdBy' | 'createdAt'>;

type Ids = { property: Map<string, number>; investor: Map<string, number>; llc: Map<string, number>; category: Map<string, number> };

const need = (m: Map<string, number>, name: unknown, what: string) => {
  const id = m.get(String(name).toLowerCase());
  if (id === undefined) throw new Error(`Unknown ${what} "${String(name)}"`);
  return id;
};

/** The ledger row a request becomes: the mapping of recording.service.ts and withdrawals.service.ts. */
function toRow(url: string, body: Record<string, unknown>, ids: Ids): Row {
  const endpoint = byPath.get(url);
  if (!endpoint?.body) throw new Error(`No endpoint for ${url}`);
  const parsed = endpoint.body.parse(body) as Record<string, unknown>;
  const str = (k: string): string => {
    if (typeof parsed[k] !== 'string') throw new Error(`${url}: ${k} is missing`);
    return parsed[k];
  };
  const amountCents = parsed.amount as number;
  const property = () => need(ids.property, str('property_name'), 'property');
  const category = (scope: string, name: unknown) => need(ids.category, `${scope}/${String(name)}`, 'category');
  switch (url) {
    case '/admin/add_investment':
      return { kind: 'investment', date: str('date'), forMonth: monthOf(str('date')), amountCents, investorId: need(ids.investor, str('investor_name'), 'investor'), propertyId: property() };
    case '/admin/add_rental_deposit':
      return { kind: 'deposit', date: str('date'), forMonth: monthOf(str('date')), amountCents, propertyId: property(), description: str('notes') };
    case '/admin/record_lc_payment':
      return { kind: 'lc_payment', date: str('payment_date'), forMonth: monthOf(str('payment_date')), amountCents, propertyId: property(), description: str('description') };
    case '/admin/record_property_income':
      return { kind: 'property_income', date: str('income_date'), forMonth: str('income_for_month'), amountCents, propertyId: property(), categoryId: category('income', str('income_category')), description: str('description') };
    case '/admin/record_property_expense':
      return { kind: 'property_expense', date: str('expense_date'), forMonth: str('expense_for_month'), amountCents, propertyId: property(), categoryId: category('property_expense', str('expense_category')), payer: (parsed.payer as string | undefined)?.trim() || null, description: str('description') };
    case '/admin/record_llc_expense':
      return { kind: 'llc_expense', date: str('expense_date'), forMonth: monthOf(str('expense_date')), amountCents, llcId: need(ids.llc, str('llc_name'), 'LLC'), categoryId: category('llc_expense', str('expense_category')), payer: str('payer').trim(), description: str('description') };
    case '/admin/record_cash_withdrawal':
      return { kind: 'cash_withdrawal', date: str('date'), forMonth: monthOf(str('date')), amountCents, investorId: need(ids.investor, str('investor_name'), 'investor'), description: str('description') };
    case '/admin/record_investment_withdrawal':
      return { kind: 'investment_withdrawal', date: str('date'), forMonth: monthOf(str('date')), amountCents, investorId: need(ids.investor, str('investor_name'), 'investor'), propertyId: property(), description: `Return of capital – ${String(str('property_name'))}` };
    default:
      throw new Error(`The batched loader does not know ${url}`);
  }
}

async function readIds(db: Db): Promise<Ids> {
  const map = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  return {
    property: map(await db.query('SELECT id, name FROM property')),
    investor: map(await db.query('SELECT id, name FROM investor')),
    llc: map(await db.query('SELECT id, name FROM llc')),
    category: map(await db.query(`SELECT id, scope || '/' || name AS name FROM category`)),
  };
}

/** One batch in one transaction: the rows and their audit rows, as the entry writer writes each one. */
async function insertRows(db: Db, rows: Row[], createdBy: number): Promise<void> {
  const at = new Date();
  await db.transaction(async (tx) => {
    const inserted = await insertLedgerEntries(tx, rows.map((r) => ({ ...r, createdBy, createdAt: at })));
    await appendAudits(tx, inserted.map((row) => ({
      at, userId: createdBy, action: 'record', entity: 'ledger_entry', entityId: String(row.id), before: null, after: row, ip: 'seed:scale',
    })));
  });
}

export async function loadBatched(app: FastifyInstance, db: Db, token: string, adminId: number, plan: Portfolio, progress?: Progress): Promise<number> {
  await loadMasterData(app, token, plan, progress);
  const ids = await readIds(db);
  let batch: Row[] = [];
  let done = 0;
  for (const [url, body] of plan.entries()) {
    batch.push(toRow(url, body, ids));
    if (batch.length === 5000) {
      await insertRows(db, batch, adminId);
      done += batch.length;
      batch = [];
      if (done % 50_000 === 0) progress?.(done, 'entries');
    }
  }
  if (batch.length) await insertRows(db, batch, adminId);
  return done + batch.length;
}
