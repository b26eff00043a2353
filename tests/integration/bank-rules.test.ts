import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { ADMIN, addInvestor, bearer, createInvestorWithLogin, seedAs, signIn, startTestApp, type TestApp } from '../support/test-app.js';
import { inviteStaffLogin } from '../support/staff-logins.js';
import { DB_KINDS } from '../support/test-db.js';

const MAPLE = 'Maple Holdings LLC';
const CEDAR = 'Cedar Land LLC';

type Rule = { id: number; position: number; match_text: string; kind: string; property_name: string | null; category: string | null; investor_name: string | null; description: string | null };

/**
 * An LLC's bank accounts and its import rules through the API: Maple (Oak, Birch) and Cedar (Pine),
 * an investor Ivy with a login, and a bookkeeper Bo.
 */
describe.each(DB_KINDS)('bank accounts and import rules on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let bookkeeper: string;
  let investor: string;

  const post = (url: string, body: unknown, as = admin) => t.app.inject({ method: 'POST', url, headers: bearer(as), payload: body as object });
  const get = (url: string, as = admin) => t.app.inject({ method: 'GET', url, headers: bearer(as) });
  const accounts = async (llc = MAPLE) => {
    const res = await get(`/admin/llc_bank_accounts?llc_name=${encodeURIComponent(llc)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().accounts as { name: string; last4: string | null; property_names: string[]; csv_mapping: unknown }[];
  };
  const rules = async (llc = MAPLE) => {
    const res = await get(`/admin/bank_rules?llc_name=${encodeURIComponent(llc)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().rules as Rule[];
  };
  const order = async (llc = MAPLE) => (await rules(llc)).map((r) => `${r.position}:${r.match_text}`);
  const addRule = async (body: Record<string, unknown>, as = admin) => {
    const res = await post('/admin/add_bank_rule', { llc_name: MAPLE, kind: 'property_expense', ...body }, as);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const refusal = async (url: string, body: unknown) => {
    const res = await post(url, body);
    return [res.statusCode, res.json().message];
  };
  const sentences = async () => ((await get('/admin/audit_log?page_size=100')).json().events as { summary: string }[]).map((e) => e.summary);

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    const seed = seedAs(t, admin);
    for (const llc of [MAPLE, CEDAR]) await seed('/admin/add_llc', { ...MAPLE_LLC, llc_name: llc });
    for (const [name, llc] of [['Oak', MAPLE], ['Birch', MAPLE], ['Pine', CEDAR]] as const) {
      await seed('/admin/add_investment_property', {
        property_name: name, address: `1 ${name} Street`, purchase_date: '2025-01-01', purchase_price: '100000', land_value: '0',
        property_value: '100000', llc, property_type: 'rental',
      });
    }
    await addInvestor(t, { name: 'Quinn', email: '', phone: '', address: '', fee_percentage: '0' });
    investor = (await createInvestorWithLogin(t, 'Ivy')).token;
    bookkeeper = (await inviteStaffLogin(t, admin, { name: 'Bo Bookkeeper', role: 'bookkeeper', username: 'bob' })).token;
  }, 120_000);
  afterAll(() => t?.close());

  it('adds, lists and changes an LLC bank account', async () => {
    expect(await accounts()).toEqual([]);
    const added = await post('/admin/add_llc_bank_account', { llc_name: MAPLE, name: 'Operating account', last4: '4821', property_names: ['oak', 'Birch', 'Oak'] });
    expect([added.statusCode, added.json().message], added.body).toEqual([201, 'Bank account added.']);
    const second = await post('/admin/add_llc_bank_account', { llc_name: MAPLE, name: 'Reserve' });
    expect(second.statusCode, second.body).toBe(201);
    expect(await accounts()).toEqual([
      { name: 'Operating account', last4: '4821', property_names: ['Birch', 'Oak'], csv_mapping: null },
      { name: 'Reserve', last4: null, property_names: [], csv_mapping: null },
    ]);
    expect(await accounts(CEDAR)).toEqual([]);

    const mapping = { date: 'Posted', amount: 'Amount', payee: 'Description', date_format: 'MM/DD/YYYY' };
    const changed = await post('/admin/change_llc_bank_account', {
      llc_name: MAPLE, name: 'operating ACCOUNT', new_name: 'Operating', last4: '', property_names: ['Oak'], csv_mapping: mapping,
    });
    expect([changed.statusCode, changed.json().message], changed.body).toEqual([200, 'Bank account saved.']);
    expect((await accounts())[0]).toEqual({
      name: 'Operating', last4: null, property_names: ['Oak'], csv_mapping: { ...mapping, decimal_comma: false, reversed_signs: false },
    });
    // Left out keeps; null clears the mapping; a case variant of its own name is no conflict.
    expect((await post('/admin/change_llc_bank_account', { llc_name: MAPLE, name: 'Operating', new_name: 'OPERATING', csv_mapping: null })).statusCode).toBe(200);
    expect((await accounts())[0]).toEqual({ name: 'OPERATING', last4: null, property_names: ['Oak'], csv_mapping: null });
    expect((await post('/admin/change_llc_bank_account', { llc_name: MAPLE, name: 'operating', new_name: 'Operating account', last4: '4821' })).statusCode).toBe(200);

    const audit = await t.testDb.db.query<{ action: string; n: number }>(
      "SELECT action, count(*)::int AS n FROM audit_event WHERE entity = 'llc_bank_account' GROUP BY action ORDER BY action");
    expect(audit).toEqual([{ action: 'add_llc_bank_account', n: 2 }, { action: 'change_llc_bank_account', n: 3 }]);
    expect(await sentences()).toEqual(expect.arrayContaining([
      `admin added the bank account “Operating account” of ${MAPLE}`,
      `admin changed the bank account “Operating” of ${MAPLE}`,
    ]));
  });

  it('refuses a taken account name (409), a property of another LLC (400) and unknown names (404), in words', async () => {
    expect(await refusal('/admin/add_llc_bank_account', { llc_name: MAPLE, name: 'OPERATING ACCOUNT' }))
      .toEqual([409, `${MAPLE} already has a bank account named “Operating account”.`]);
    expect(await refusal('/admin/change_llc_bank_account', { llc_name: MAPLE, name: 'Reserve', new_name: 'operating account' }))
      .toEqual([409, `${MAPLE} already has a bank account named “Operating account”.`]);
    // Another LLC may use the same name.
    expect((await post('/admin/add_llc_bank_account', { llc_name: CEDAR, name: 'Operating account', property_names: ['Pine'] })).statusCode).toBe(201);
    expect(await refusal('/admin/add_llc_bank_account', { llc_name: MAPLE, name: 'Third', property_names: ['Pine'] }))
      .toEqual([400, `“Pine” is not a property of ${MAPLE}.`]);
    expect(await refusal('/admin/change_llc_bank_account', { llc_name: MAPLE, name: 'Reserve', property_names: ['Oak', 'Pine'] }))
      .toEqual([400, `“Pine” is not a property of ${MAPLE}.`]);
    expect(await refusal('/admin/add_llc_bank_account', { llc_name: MAPLE, name: 'Third', property_names: ['Nowhere'] }))
      .toEqual([404, 'No property named "Nowhere".']);
    expect(await refusal('/admin/add_llc_bank_account', { llc_name: 'Nope LLC', name: 'Third' })).toEqual([404, 'No LLC named "Nope LLC".']);
    expect(await refusal('/admin/change_llc_bank_account', { llc_name: MAPLE, name: 'Savings' })).toEqual([404, `${MAPLE} has no bank account named “Savings”.`]);
    expect((await refusal('/admin/add_llc_bank_account', { llc_name: MAPLE, name: 'Third', last4: '12345' }))[0]).toBe(400);
    expect((await get('/admin/llc_bank_accounts?llc_name=Nope%20LLC')).statusCode).toBe(404);
    // Nothing refused was written.
    expect((await accounts()).map((a) => a.name)).toEqual(['Operating account', 'Reserve']);
  });

  let homeDepot: number;
  let water: number;
  let rent: number;

  it('adds rules at the end or at a position, renumbering the others 1..n', async () => {
    homeDepot = await addRule({ match_text: '  HOME   DEPOT ', property_name: 'oak', category: 'repairs' });
    water = await addRule({ match_text: 'CITY WATER', category: 'Utilities', description: 'Water bill' });
    rent = await addRule({ match_text: 'RENT', kind: 'property_income', property_name: 'Birch', category: 'Rent', position: 1 });
    const fee = await addRule({ match_text: 'MONTHLY FEE', kind: 'llc_expense', category: 'Bank fees', position: 99 });
    expect(await order()).toEqual(['1:RENT', '2:HOME DEPOT', '3:CITY WATER', '4:MONTHLY FEE']);
    expect((await rules())[1]).toMatchObject({
      id: homeDepot, match_text: 'HOME DEPOT', kind: 'property_expense', property_name: 'Oak', category: 'Repairs', investor_name: null, description: null,
    });
    expect((await rules())[2]).toMatchObject({ id: water, property_name: null, category: 'Utilities', description: 'Water bill' });
    expect((await rules())[3]).toMatchObject({ id: fee, kind: 'llc_expense', category: 'Bank fees' });
    expect(await rules(CEDAR)).toEqual([]);
    expect(await sentences()).toEqual(expect.arrayContaining([
      'admin added the import rule “HOME DEPOT” → property expense, Oak, Repairs',
      'admin added the import rule “MONTHLY FEE” → LLC expense, Bank fees',
    ]));
  });

  it('changes a rule and moves it up or down, keeping the others contiguous', async () => {
    const moved = await post('/admin/change_bank_rule', { id: water, match_text: 'CITY WATER', kind: 'property_expense', property_name: 'Birch', category: 'Utilities', position: 1 });
    expect([moved.statusCode, moved.json().message], moved.body).toEqual([200, 'Rule saved.']);
    expect(await order()).toEqual(['1:CITY WATER', '2:RENT', '3:HOME DEPOT', '4:MONTHLY FEE']);
    // Every field is replaced: the description left out is cleared.
    expect((await rules())[0]).toMatchObject({ property_name: 'Birch', description: null });

    expect((await post('/admin/change_bank_rule', { id: water, match_text: 'CITY WATER CO', kind: 'property_expense', category: 'Utilities', position: 3 })).statusCode).toBe(200);
    expect(await order()).toEqual(['1:RENT', '2:HOME DEPOT', '3:CITY WATER CO', '4:MONTHLY FEE']);
    // Past the end is the end; no position keeps its place.
    expect((await post('/admin/change_bank_rule', { id: rent, match_text: 'RENT', kind: 'property_income', category: 'Rent', position: 50 })).statusCode).toBe(200);
    expect(await order()).toEqual(['1:HOME DEPOT', '2:CITY WATER CO', '3:MONTHLY FEE', '4:RENT']);
    expect((await post('/admin/change_bank_rule', { id: homeDepot, match_text: 'HOME DEPOT', kind: 'investor_property_expense', property_name: 'Oak', category: 'Repairs', investor_name: 'quinn' })).statusCode).toBe(200);
    expect(await order()).toEqual(['1:HOME DEPOT', '2:CITY WATER CO', '3:MONTHLY FEE', '4:RENT']);
    expect((await rules())[0]).toMatchObject({ kind: 'investor_property_expense', investor_name: 'Quinn' });
    expect(await sentences()).toContain('admin changed the import rule “CITY WATER” → property expense, Birch, Utilities (number 1)');
  });

  it('deletes a rule (kept, marked) and renumbers the rest', async () => {
    const res = await post('/admin/delete_bank_rule', { id: water });
    expect([res.statusCode, res.json().message], res.body).toEqual([200, 'Rule deleted.']);
    expect(await order()).toEqual(['1:HOME DEPOT', '2:MONTHLY FEE', '3:RENT']);
    const [kept] = await t.testDb.db.query<{ deleted: boolean; by: number | null }>(
      'SELECT deleted_at IS NOT NULL AS deleted, deleted_by AS by FROM bank_rule WHERE id = $1', [water]);
    expect(kept).toMatchObject({ deleted: true });
    expect(kept!.by).toEqual(expect.any(Number));
    expect(await refusal('/admin/delete_bank_rule', { id: water })).toEqual([404, `There is no import rule ${water}.`]);
    expect(await refusal('/admin/change_bank_rule', { id: water, match_text: 'X', kind: 'property_expense' })).toEqual([404, `There is no import rule ${water}.`]);
    // A rule added after a delete goes last, after the renumbered ones.
    const again = await addRule({ match_text: 'CITY WATER' });
    expect(await order()).toEqual(['1:HOME DEPOT', '2:MONTHLY FEE', '3:RENT', '4:CITY WATER']);
    expect((await post('/admin/delete_bank_rule', { id: homeDepot })).statusCode).toBe(200);
    expect(await order()).toEqual(['1:MONTHLY FEE', '2:RENT', '3:CITY WATER']);
    expect((await rules()).find((r) => r.id === again)?.position).toBe(3);
    expect(await sentences()).toContain(`admin deleted the import rule “CITY WATER CO” of ${MAPLE}`);
  });

  it('refuses choices the kind does not take (400) and names that do not exist (404), writing nothing', async () => {
    const before = await order();
    const add = (body: Record<string, unknown>) => refusal('/admin/add_bank_rule', { llc_name: MAPLE, match_text: 'X', kind: 'property_expense', ...body });
    expect(await add({ category: 'Rent' })).toEqual([400, '“Rent” is an income category, not a property expense category.']);
    expect(await add({ kind: 'property_income', category: 'Repairs' })).toEqual([400, '“Repairs” is a property expense category, not an income category.']);
    expect(await add({ kind: 'llc_expense', category: 'Repairs' })).toEqual([400, '“Repairs” is a property expense category, not an LLC expense category.']);
    expect(await add({ kind: 'lc_payment', category: 'Rent' })).toEqual([400, 'A rule for a land-contract payment names no category.']);
    expect(await add({ kind: 'llc_expense', property_name: 'Oak' })).toEqual([400, 'A rule for an LLC expense names no property.']);
    expect(await add({ investor_name: 'Quinn' })).toEqual([400, 'A rule for a property expense names no investor.']);
    expect(await add({ property_name: 'Pine' })).toEqual([400, `“Pine” is not a property of ${MAPLE}.`]);
    expect(await add({ category: 'Plumbing' })).toEqual([404, 'No category named “Plumbing”.']);
    expect(await add({ property_name: 'Nowhere' })).toEqual([404, 'No property named "Nowhere".']);
    expect(await add({ kind: 'cash_withdrawal', investor_name: 'Nobody' })).toEqual([404, 'No investor named "Nobody".']);
    expect(await add({ llc_name: 'Nope LLC' })).toEqual([404, 'No LLC named "Nope LLC".']);
    expect((await add({ kind: 'transfer' }))[0]).toBe(400);
    expect((await add({ match_text: '   ' }))[0]).toBe(400);
    expect(await refusal('/admin/change_bank_rule', { id: rent, match_text: 'RENT', kind: 'property_income', category: 'Utilities' }))
      .toEqual([400, '“Utilities” is a property expense category, not an income category.']);
    expect(await refusal('/admin/delete_bank_rule', { id: 999999 })).toEqual([404, 'There is no import rule 999999.']);
    expect((await get('/admin/bank_rules?llc_name=Nope%20LLC')).statusCode).toBe(404);
    expect(await order()).toEqual(before);
  });

  it('lets a bookkeeper keep accounts and rules, and refuses an investor (403)', async () => {
    const res = await post('/admin/add_llc_bank_account', { llc_name: CEDAR, name: 'Escrow', last4: '0001' }, bookkeeper);
    expect(res.statusCode, res.body).toBe(201);
    const id = await addRule({ llc_name: CEDAR, match_text: 'COUNTY TAX', property_name: 'Pine', category: 'Taxes' }, bookkeeper);
    expect((await get(`/admin/bank_rules?llc_name=${encodeURIComponent(CEDAR)}`, bookkeeper)).json().rules).toHaveLength(1);
    expect((await post('/admin/change_bank_rule', { id, match_text: 'COUNTY TAX', kind: 'property_expense', category: 'Taxes' }, bookkeeper)).statusCode).toBe(200);
    expect((await post('/admin/delete_bank_rule', { id }, bookkeeper)).statusCode).toBe(200);

    for (const [method, url, body] of [
      ['GET', `/admin/llc_bank_accounts?llc_name=${encodeURIComponent(MAPLE)}`, undefined],
      ['POST', '/admin/add_llc_bank_account', { llc_name: MAPLE, name: 'Mine' }],
      ['POST', '/admin/change_llc_bank_account', { llc_name: MAPLE, name: 'Reserve', last4: '9999' }],
      ['GET', `/admin/bank_rules?llc_name=${encodeURIComponent(MAPLE)}`, undefined],
      ['POST', '/admin/add_bank_rule', { llc_name: MAPLE, match_text: 'X', kind: 'property_expense' }],
      ['POST', '/admin/change_bank_rule', { id: rent, match_text: 'X', kind: 'property_expense' }],
      ['POST', '/admin/delete_bank_rule', { id: rent }],
    ] as const) {
      const r = await t.app.inject({ method, url, headers: bearer(investor), ...(body ? { payload: body } : {}) });
      expect(r.statusCode, url).toBe(403);
    }
    const bo = await t.testDb.db.query<{ action: string }>(
      `SELECT a.action FROM audit_event a JOIN portal_user u ON u.id = a.user_id WHERE u.username = 'bob' AND a.entity IN ('bank_rule', 'llc_bank_account') ORDER BY a.id`);
    expect(bo.map((r) => r.action)).toEqual(['add_llc_bank_account', 'add_bank_rule', 'change_bank_rule', 'delete_bank_rule']);
    expect((await accounts()).map((a) => a.name)).toEqual(['Operating account', 'Reserve']);
  });

  it("remembers a line's choice as a rule at the end, once per text and kind", async () => {
    const { findLlcByName } = await import('../../src/server/modules/llcs/llcs.js');
    const { rememberRule, liveRules } = await import('../../src/server/modules/bank-import/bank-rules.repository.js');
    const { findLlcBankAccount, saveCsvMapping } = await import('../../src/server/modules/bank-import/llc-bank-accounts.repository.js');
    const db = t.testDb.db;
    const llc = (await findLlcByName(db, MAPLE))!;
    const [user] = await db.query<{ id: number }>("SELECT id FROM portal_user WHERE username = 'admin'");
    const ctx = { userId: user!.id, ip: '127.0.0.1', idempotency: null };
    const remember = (matchText: string, over: Record<string, unknown> = {}) => db.transaction((tx) => rememberRule(tx, ctx, new Date(), {
      llcId: llc.id, matchText, kind: 'property_expense', propertyName: 'Oak', category: 'Repairs', investorName: 'Quinn', description: null, ...over,
    }));
    const learnt = await remember('ACE  HARDWARE');
    expect(learnt).toEqual({ id: expect.any(Number) });
    expect(await remember('ace hardware')).toBeNull();
    expect(await remember('Ace Hardware', { kind: 'property_income', category: 'Rent' })).toEqual({ id: expect.any(Number) });
    const live = await liveRules(db, llc.id);
    expect(live.map((r) => `${r.position}:${r.matchText}:${r.kind}`)).toEqual([
      '1:MONTHLY FEE:llc_expense', '2:RENT:property_income', '3:CITY WATER:property_expense',
      '4:ACE HARDWARE:property_expense', '5:Ace Hardware:property_income',
    ]);
    // The investor is left out: a property expense's form takes none.
    expect(live[3]).toEqual({
      id: learnt!.id, position: 4, matchText: 'ACE HARDWARE', kind: 'property_expense', propertyName: 'Oak', category: 'Repairs', investorName: null, description: null,
    });
    expect(await sentences()).toContain('admin added the import rule “ACE HARDWARE” → property expense, Oak, Repairs');

    const account = await findLlcBankAccount(db, llc.id, 'operating ACCOUNT');
    expect(account).toMatchObject({ llcId: llc.id, name: 'Operating account', last4: '4821', propertyNames: ['Oak'], csvMapping: null });
    expect(account!.propertyIds).toEqual([expect.any(Number)]);
    expect(await findLlcBankAccount(db, llc.id, 'Savings')).toBeNull();
    const mapping = { date: 'Date', debit: 'Debit', credit: 'Credit', date_format: 'DD/MM/YYYY' as const, decimal_comma: true, reversed_signs: false };
    await saveCsvMapping(db, account!.id, mapping);
    expect((await findLlcBankAccount(db, llc.id, 'Operating account'))!.csvMapping).toEqual(mapping);
  });
});
