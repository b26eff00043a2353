import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { addInvestor, ADMIN, bearer, seedAs, signIn, startTestApp, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';
import { ofxStatement } from '../support/bank-statements.js';
import { verifyAuditChain } from '../../src/server/modules/audit/audit.js';

/** Bank statements in (issue 30): preview, already imported, possible duplicates, commit and undo. */

const LLC = MAPLE_LLC.llc_name;
const HOUSE = '12 Maple St';
const fixture = (name: string) => readFileSync(new URL(`../fixtures/bank/${name}`, import.meta.url));

type Line = {
  line: number; date: string; amount: number; payee: string; memo: string; reference: string | null; status: string; reason: string | null;
  duplicate_of: { id: number } | null; closed: string | null; decided: string | null; entry_id: number | null;
  proposal: { kind: string | null; property_name: string | null; category: string | null; description: string; rule: { id: number } | null };
};
type Preview = {
  message: string; import_id: number | null; format: string; state: string; lines: Line[]; not_transactions: number;
  counts: Record<string, number>; csv: { headers: string[]; mapping: object | null; mapping_source: string | null } | null;
};

async function form(fields: Record<string, string>, file: { name: string; data: Buffer } | null) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append('file', new Blob([new Uint8Array(file.data)], { type: 'application/octet-stream' }), file.name);
  const res = new Response(fd);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

const OTHER_LLC = 'Pine Other LLC';
const OTHER_HOUSE = 'Pine Other House';

describe.each(DB_KINDS)('bank statement import on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: bearer(admin) });
  const upload = async (name: string, fields: Record<string, string> = {}, data = fixture(name)) => {
    const { payload, contentType } = await form({ llc_name: LLC, ...fields }, { name, data });
    return t.app.inject({ method: 'POST', url: '/admin/bank_import_preview', headers: { ...bearer(admin), 'content-type': contentType }, payload });
  };
  const preview = async (name: string, fields: Record<string, string> = {}) => {
    const res = await upload(name, fields);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Preview;
  };
  const count = async (table: string, where = 'true') =>
    (await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`))[0]!.n;
  const counts = async () => ({ imports: await count('bank_import'), entries: await count('ledger_entry'), live: await count('ledger_entry', 'voided_at IS NULL') });
  /** The commit line that accepts the proposal, with the category the admin picks for an expense. */
  const accept = (l: Line, extra: Record<string, unknown> = {}) => ({
    line: l.line, kind: l.proposal.kind, property_name: HOUSE,
    ...(l.amount > 0 ? { income_category: 'Rent' } : { expense_category: 'Repairs' }), ...extra,
  });
  const summary = async () => {
    const res = await get(`/api/investor_summary?investor_name=${encodeURIComponent('Ada Park')}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, unknown>;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    t.clock.set(new Date('2026-04-15T12:00:00Z'));
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    const seed = seedAs(t, admin);
    await seed('/admin/add_llc', MAPLE_LLC);
    await seed('/admin/add_investment_property', {
      property_name: HOUSE, address: '12 Maple St', purchase_date: '2025-06-01', purchase_price: '200000', land_value: '20000',
      property_value: '180000', llc: LLC, property_type: 'rental',
    });
    await addInvestor(t, { name: 'Ada Park', email: '', phone: '', address: '', fee_percentage: '0' });
    await seed('/admin/add_investment', { property_name: HOUSE, investor_name: 'Ada Park', date: '2025-06-01', amount: '200000' });
    await seed('/admin/add_llc', { ...MAPLE_LLC, llc_name: OTHER_LLC });
    await seed('/admin/add_investment_property', {
      property_name: OTHER_HOUSE, address: '9 Pine St', purchase_date: '2025-06-01', purchase_price: '100000', land_value: '10000',
      property_value: '90000', llc: OTHER_LLC, property_type: 'rental',
    });
    await seed('/admin/add_llc_bank_account', { llc_name: LLC, name: 'Checking', property_names: [HOUSE] });
    await seed('/admin/add_llc_bank_account', { llc_name: LLC, name: 'Euro account', property_names: [HOUSE] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads each format: OFX 1.x, OFX 2.x, QFX and two CSV layouts, with what each line would record', async () => {
    const ofx1 = await preview('ofx1-checking.ofx', { bank_account: 'Checking' });
    expect(ofx1.format).toBe('ofx');
    expect(ofx1.import_id).toEqual(expect.any(Number));
    expect(ofx1.lines.length).toBeGreaterThan(4);
    expect(ofx1.lines.every((l) => l.status === 'new' && l.reference && l.decided === null)).toBe(true);
    const rent = ofx1.lines.find((l) => l.amount > 0)!;
    expect(rent).toMatchObject({ date: '2026-01-02', amount: 1850, payee: 'RENT 12 MAPLE ST UNIT 2' });
    expect(rent.proposal).toEqual({
      kind: 'property_income', property_name: HOUSE, category: 'Rent', investor_name: null,
      description: 'RENT 12 MAPLE ST UNIT 2 – ACH DEPOSIT TENANT J SMITH', rule: null,
    });
    expect(ofx1.lines.find((l) => l.amount < 0)!.proposal).toMatchObject({ kind: 'property_expense', property_name: HOUSE, category: null });

    expect((await preview('ofx2-checking.ofx')).format).toBe('ofx');
    const qfx = await preview('card.qfx');
    expect(qfx.format).toBe('qfx');
    expect(qfx.lines.find((l) => l.payee === 'PAYMENT THANK YOU')?.amount).toBe(500);

    const chase = await preview('chase-style.csv', { bank_account: 'Checking' });
    expect(chase.format).toBe('csv');
    expect(chase.csv?.headers).toContain('Posting Date');
    expect(chase.not_transactions).toBeGreaterThanOrEqual(1);
    // Read again later, the import shows what its preview showed besides the lines.
    const again = (await get(`/admin/bank_import?import_id=${chase.import_id}`)).json() as Preview;
    expect({ csv: again.csv, not_transactions: again.not_transactions }).toEqual({ csv: chase.csv, not_transactions: chase.not_transactions });
    const depot = chase.lines.filter((l) => l.payee === 'HOME DEPOT #1234');
    expect(depot.map((l) => [l.amount, l.status])).toEqual([[-42.18, 'new'], [-42.18, 'new']]);

    const mapping = {
      date: 'Buchungstag', debit: 'Soll', credit: 'Haben', payee: 'Empfänger', memo: 'Verwendungszweck', date_format: 'DD.MM.YYYY', decimal_comma: true,
    };
    const eu = await preview('eu-bank.csv', { bank_account: 'Euro account', csv_mapping: JSON.stringify(mapping) });
    expect(eu.csv?.mapping_source).toBe('given');
    expect(eu.lines[0]).toMatchObject({ date: '2026-01-02', amount: 1850 });
    expect(eu.lines.find((l) => l.payee === 'HOME DEPOT #1234')?.amount).toBe(-142.37);
    // The mapping is kept for the account: the next statement of it is read without one.
    expect((await preview('eu-bank.csv', { bank_account: 'Euro account' })).csv?.mapping_source).toBe('saved');

    const card = await preview('card-reversed.csv', {
      csv_mapping: JSON.stringify({ date: 'Transaction Date', amount: 'Amount', payee: 'Description', memo: 'Memo', date_format: 'MM/DD/YYYY', reversed_signs: true }),
    });
    expect(card.lines.find((l) => l.memo === 'RETURNED FAUCET')?.amount).toBe(35.2);
    expect(card.lines.find((l) => l.payee === 'CITY WATER DEPT')?.amount).toBe(-58.9);
  });

  it('shows a line an earlier import recorded under another account as a possible duplicate; tells an investor paid by a line', async () => {
    await addInvestor(t, { name: 'Bo Lane', email: 'bo@example.com', phone: '', address: '', fee_percentage: '0' });
    await post('/admin/add_investment', { property_name: HOUSE, investor_name: 'Bo Lane', date: '2025-07-01', amount: '10000' });
    const data = Buffer.from('Date,Amount,Description\n2026-03-20,-100.00,RETURN OF CAPITAL BO LANE\n');
    const first = (await upload('bo.csv', {}, data)).json() as Preview;
    const notices = () => count('notice_outbox', "event = 'withdrawal_recorded'");
    const told = await notices();
    const res = await post('/admin/bank_import_commit', { import_id: first.import_id, lines: [{ line: 1, kind: 'investment_withdrawal', investor_name: 'Bo Lane', property_name: HOUSE }] });
    expect(res.statusCode, res.body).toBe(200);
    // Money paid to an investor from a statement is told to them, as the withdrawal form tells them.
    expect(await notices()).toBe(told + 1);
    // The same line read as the account's statement has another identity: the entry it became is in the books.
    const again = (await upload('bo.csv', { bank_account: 'Checking' }, data)).json() as Preview;
    expect(again.lines[0]).toMatchObject({ status: 'possible_duplicate', reason: expect.stringMatching(/^same amount, same day/) });
  });

  it('asks for the columns when a CSV cannot be guessed, writing nothing', async () => {
    const before = await counts();
    const data = Buffer.from('When,What,How much\n2026-03-02,Rent,1850.00\n');
    const res = await upload('odd.csv', {}, data);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Preview;
    expect(body).toMatchObject({ import_id: null, message: 'Tell the portal which columns hold the date and the amount.', lines: [] });
    expect(body.csv).toMatchObject({ headers: ['When', 'What', 'How much'], mapping: null, mapping_source: null });
    expect(await counts()).toEqual(before);
  });

  it('refuses a bank account the LLC does not have', async () => {
    const res = await upload('ofx1-checking.ofx', { bank_account: 'Nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`${LLC} has no bank account named "Nope".`);
  });

  it('answers bad files in plain words and writes nothing', async () => {
    const before = await counts();
    for (const name of ['not-a-statement.csv', 'empty.csv', 'three-decimals.csv', 'bad-date.csv']) {
      const res = await upload(name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().message, name).toMatch(/^[A-Z"].+\.$/);
    }
    const big = await upload('huge.csv', {}, Buffer.alloc(6 * 1024 * 1024, 'x'));
    expect(big.statusCode).toBe(413);
    expect(await counts()).toEqual(before);
  });

  let firstImport = 0;
  let figuresBefore: Record<string, unknown>;

  it('records the accepted lines as entries, in the ledger and the audit trail; a second commit is refused', async () => {
    figuresBefore = await summary();
    const p = await preview('ofx1-checking.ofx', { bank_account: 'Checking' });
    firstImport = p.import_id!;
    const before = await counts();
    const take = p.lines.slice(0, -1);
    const res = await post('/admin/bank_import_commit', { import_id: firstImport, lines: take.map((l) => accept(l)) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: `Recorded ${take.length} lines, skipped 1.`, import_id: firstImport, taken: take.length, skipped: 1, rules_added: 0 });
    expect(await counts()).toMatchObject({ entries: before.entries + take.length });

    const read = (await get(`/admin/bank_import?import_id=${firstImport}`)).json() as Preview;
    expect(read.state).toBe('committed');
    expect(read.lines.slice(0, -1).every((l) => l.decided === 'taken' && l.entry_id)).toBe(true);
    expect(read.lines.at(-1)).toMatchObject({ decided: 'skipped', entry_id: null });
    const [entry] = await t.testDb.db.query<{ kind: string; date: string; amount_cents: number; description: string; payer: string | null }>(
      'SELECT kind, date, amount_cents, description, payer FROM ledger_entry WHERE id = $1', [read.lines[1]!.entry_id]);
    expect(entry).toEqual({ kind: 'property_expense', date: read.lines[1]!.date, amount_cents: Math.round(-read.lines[1]!.amount * 100),
      description: expect.stringContaining(read.lines[1]!.payee), payer: read.lines[1]!.payee });
    expect(await count('audit_event', `action = 'record' AND after->>'bank_import' = '${firstImport}'`)).toBe(take.length);
    expect(await count('audit_event', `action = 'bank_import_commit' AND entity_id = '${firstImport}'`)).toBe(1);

    const again = await post('/admin/bank_import_commit', { import_id: firstImport, lines: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Import ${firstImport} is already recorded.`);

    const list = (await get(`/admin/bank_imports?llc_name=${encodeURIComponent(LLC)}`)).json() as { imports: Record<string, unknown>[] };
    expect(list.imports[0]).toMatchObject({
      import_id: firstImport, state: 'committed', bank_account: 'Checking', uploaded_by: 'admin', committed_by: 'admin',
      lines_taken: take.length, lines_skipped: 1, format: 'ofx', file_name: 'ofx1-checking.ofx', file_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('finds every line of the same file already imported', async () => {
    const p = await preview('ofx1-checking.ofx', { bank_account: 'Checking' });
    expect(p.counts).toEqual({ new: 0, already_imported: p.lines.length, possible_duplicate: 0 });
    expect(p.lines[0]!.reason).toMatch(new RegExp(`^imported on 2026-04-15 in import ${firstImport} \\(recorded\\)$`));
    expect(p.lines.at(-1)!.reason).toMatch(/\(skipped\)$/);
    const refused = await post('/admin/bank_import_commit', { import_id: p.import_id, lines: [accept(p.lines[0]!)] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Line 1 was already imported in import ${firstImport}.`);
    // Recording none of them adds nothing, and the lines stay the first import's.
    const before = await counts();
    const none = await post('/admin/bank_import_commit', { import_id: p.import_id, lines: [] });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toMatchObject({ taken: 0, skipped: p.lines.length });
    expect(await counts()).toEqual(before);
    expect(await count('bank_import_line', `import_id = ${p.import_id} AND live`)).toBe(0);
  });

  it('records two identical lines of one file as two entries', async () => {
    const p = await preview('chase-style.csv', { bank_account: 'Checking' });
    const depot = p.lines.filter((l) => l.payee === 'HOME DEPOT #1234');
    const before = await counts();
    const res = await post('/admin/bank_import_commit', { import_id: p.import_id, lines: depot.map((l) => accept(l)) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ taken: 2 });
    expect(await counts()).toMatchObject({ entries: before.entries + 2 });
  });

  it('shows an entry recorded by hand as a possible duplicate, with the reason', async () => {
    await seedAs(t, admin)('/admin/record_property_income', {
      income_date: '2026-02-28', income_for_month: '2026-03', property_name: HOUSE, description: 'Rent 12 Maple St Unit 2 for March',
      amount: '1850', income_category: 'Rent',
    });
    const p = await preview('ofx2-checking.ofx');
    const rent = p.lines.find((l) => l.date === '2026-03-02' && l.amount === 1850)!;
    expect(rent).toMatchObject({ status: 'possible_duplicate', reason: 'same amount, 2 days apart, same payee', duplicate_of: { id: expect.any(Number) } });
    expect(p.counts.possible_duplicate).toBe(1);
  });

  it('refuses a line recorded the wrong way, a changed amount, an unknown or repeated line, and writes nothing', async () => {
    const p = await preview('card.qfx');
    const out = p.lines.find((l) => l.amount < 0)!;
    const before = await counts();
    const refuse = async (lines: object[], status: number, message: string) => {
      const res = await post('/admin/bank_import_commit', { import_id: p.import_id, lines });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    };
    await refuse([accept(out, { kind: 'property_income', income_category: 'Rent', expense_category: undefined })], 400,
      `Line ${out.line} is money out: it cannot be recorded as property income.`);
    await refuse([accept(out, { amount: '1.00' })], 400, `Line ${out.line}: the amount must be the bank line's, $${(-out.amount).toFixed(2)}.`);
    await refuse([accept(out, { expense_date: '2020-01-01' })], 400, `Line ${out.line}: the date must be the bank line's, ${out.date}.`);
    await refuse([accept(out, { expense_category: 'No such' })], 400, `Line ${out.line}: No property expense category named "No such".`);
    await refuse([{ line: 99, kind: 'property_expense' }], 400, `Line 99 is not in import ${p.import_id}.`);
    await refuse([accept(out), accept(out)], 400, `Line ${out.line} is sent twice.`);
    // The statement is Maple's: another LLC's property or expense is not its money.
    await refuse([accept(out, { property_name: OTHER_HOUSE })], 400,
      `Line ${out.line}: the entry would be in another LLC's books, and this statement is ${LLC}'s.`);
    await refuse([{ line: out.line, kind: 'llc_expense', llc_name: OTHER_LLC, expense_category: 'State fees', description: 'Fee', payer: 'Bank' }], 400,
      `Line ${out.line}: the entry would be in another LLC's books, and this statement is ${LLC}'s.`);
    expect(await counts()).toEqual(before);
    expect((await post('/admin/bank_import_commit', { import_id: 999_999, lines: [] })).statusCode).toBe(404);
  });

  it('refuses a line in a closed period and writes nothing; a remembered choice becomes a rule', async () => {
    const p = await preview('eu-bank.csv', { bank_account: 'Euro account' });
    expect((await post('/admin/set_period_lock', { llc_name: LLC, closed_through: '2026-01-31' })).statusCode).toBe(200);
    try {
      const read = (await get(`/admin/bank_import?import_id=${p.import_id}`)).json() as Preview;
      const jan = read.lines.find((l) => l.date.startsWith('2026-01'))!;
      expect(jan.closed).toBe(`The books of ${LLC} are closed through 2026-01-31.`);
      const before = await counts();
      const res = await post('/admin/bank_import_commit', { import_id: p.import_id, lines: read.lines.map((l) => accept(l)) });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toMatch(new RegExp(`^Line ${jan.line}: The books of ${LLC} are closed through`));
      expect(await counts()).toEqual(before);

      const feb = read.lines.filter((l) => l.date >= '2026-02-01' && l.payee === 'CITY WATER DEPT');
      const ok = await post('/admin/bank_import_commit', {
        import_id: p.import_id, lines: feb.map((l) => accept(l, { expense_category: 'Utilities', remember: true })),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ taken: 1, rules_added: 1 });
    } finally {
      await post('/admin/set_period_lock', { llc_name: LLC, closed_through: '' });
    }
    const next = await preview('ofx1-checking.ofx');
    const water = next.lines.find((l) => l.payee === 'CITY WATER DEPT')!;
    expect(water.proposal).toMatchObject({ kind: 'property_expense', property_name: HOUSE, category: 'Utilities', rule: { id: expect.any(Number) } });
  });

  it('undoes an import: its entries voided with their audit, the figures as before, and the file can come in again', async () => {
    const live = await count('ledger_entry', `voided_at IS NULL AND id IN (SELECT entry_id FROM bank_import_line WHERE import_id = ${firstImport})`);
    // Closed books refuse the undo, and nothing changes.
    await post('/admin/set_period_lock', { llc_name: LLC, closed_through: '2026-01-31' });
    const closed = await post('/admin/bank_import_undo', { import_id: firstImport });
    await post('/admin/set_period_lock', { llc_name: LLC, closed_through: '' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toMatch(new RegExp(`^Import ${firstImport} cannot be undone: the books of ${LLC} are closed through`));

    const res = await post('/admin/bank_import_undo', { import_id: firstImport });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: `Import undone: ${live} entries voided.`, import_id: firstImport, voided: live });
    expect(await count('audit_event', `action = 'void' AND after->>'void_reason' = 'Bank import ${firstImport} undone'`)).toBe(live);
    expect(await count('audit_event', `action = 'bank_import_undo'`)).toBe(1);
    const again = await post('/admin/bank_import_undo', { import_id: firstImport });
    expect(again.statusCode).toBe(409);

    const p = await preview('ofx1-checking.ofx', { bank_account: 'Checking' });
    expect(p.counts.already_imported).toBe(0);
    const commit = await post('/admin/bank_import_commit', { import_id: p.import_id, lines: [accept(p.lines[0]!)] });
    expect(commit.statusCode, commit.body).toBe(200);
    const undo = await post('/admin/bank_import_undo', { import_id: p.import_id });
    expect(undo.statusCode, undo.body).toBe(200);
  });

  it('leaves the investor figures as they were before the imports that were undone', async () => {
    // Undo the other commits too: every import entry gone, the books are the hand-recorded ones.
    const committed = await t.testDb.db.query<{ id: number }>("SELECT id FROM bank_import WHERE state = 'committed'");
    for (const { id } of committed) expect((await post('/admin/bank_import_undo', { import_id: id })).statusCode).toBe(200);
    const [hand] = await t.testDb.db.query<{ id: number }>("SELECT id FROM ledger_entry WHERE voided_at IS NULL AND description LIKE '%for March'");
    const deleted = await post('/admin/delete_income', { id: hand!.id, amount: '1850.00', date: '2026-02-28', reason: 'Recorded by hand before the import' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await count('ledger_entry', "voided_at IS NULL AND kind <> 'investment'")).toBe(0); // the investments alone
    expect(await summary()).toEqual(figuresBefore);
  });

  it('commits and undoes a statement of 2,500 lines, written in steps of a thousand, each in one transaction', async () => {
    const lines = Array.from({ length: 2_500 }, (_, i) => ({
      date: `2026-04-${String(1 + (i % 14)).padStart(2, '0')}`, amountCents: 100 + i, payee: `Tenant ${i}`, fitid: `big-${i}`,
    }));
    const before = await counts();
    const auditBefore = await count('audit_event');
    const big = await upload('big.ofx', {}, Buffer.from(ofxStatement({ bankId: '021000021', acctId: '000123456789', lines, version: 1 })));
    expect(big.statusCode, big.body).toBe(201);
    const { import_id, lines: shown } = big.json() as Preview;
    expect(shown).toHaveLength(2_500);
    const committed = await post('/admin/bank_import_commit', { import_id, lines: shown.map((l) => accept(l, { kind: 'property_income' })) });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(await counts()).toEqual({ imports: before.imports + 1, entries: before.entries + 2_500, live: before.live + 2_500 });
    const undone = await post('/admin/bank_import_undo', { import_id });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ import_id, voided: 2_500 });
    expect(await counts()).toEqual({ imports: before.imports + 1, entries: before.entries + 2_500, live: before.live });
    // One record and one void audit row an entry, and the preview's, the commit's and the undo's own; the chain unbroken.
    expect(await count('audit_event', `action = 'void' AND after->>'void_reason' = 'Bank import ${import_id} undone'`)).toBe(2_500);
    expect(await count('audit_event')).toBe(auditBefore + 2 * 2_500 + 3);
    expect(await verifyAuditChain(t.testDb.db)).toBeNull();
  });
});
