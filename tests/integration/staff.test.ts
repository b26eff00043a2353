import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE_PROPERTIES } from '../fixtures/maple.js';
import { addLlc, inviteDelegateLogin, inviteStaffLogin, registerWith, STAFF_PASSWORD } from '../support/staff-logins.js';
import { DB_KINDS } from '../support/test-db.js';
import { ADMIN, bearer, buildAppTemplate, createInvestorWithLogin, signIn, type AppTemplate, type TestApp } from '../support/test-app.js';

/**
 * Staff logins (issue 29, docs/security.md "Roles"): invited by an admin, registered with the secret, each
 * role's reach; a change of role or the end of access holds at once; the last admin stays.
 */
const NORTH = 'North Staff LLC';
const SOUTH = 'South Staff LLC';

type State = { admin: string };

describe.each(DB_KINDS)('staff on %s', (kind) => {
  let template: AppTemplate<State>;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // Two LLCs with a property each, and a rent category: what the staff below read and record.
    template = await buildAppTemplate(kind, async (w) => {
      const token = await signIn(w.app, ADMIN.username, ADMIN.password);
      for (const [llc, property] of [[NORTH, 'North House'], [SOUTH, 'South House']] as const) {
        await addLlc(w, token, llc);
        const res = await w.app.inject({
          method: 'POST', url: '/admin/add_investment_property', headers: bearer(token),
          payload: { ...MAPLE_PROPERTIES[0], property_name: property, llc },
        });
        if (res.statusCode !== 201) throw new Error(res.body);
      }
      await w.app.inject({ method: 'POST', url: '/admin/add_expense_category', headers: bearer(token), payload: { expense_category: 'Rent', scope: 'income' } });
      return { admin: token };
    });
  }, 60_000);
  afterAll(() => template?.close());
  afterEach(() => t?.close());

  async function start(env: Record<string, string> = {}) {
    t = await template.start(env);
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
  }
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const staffList = async () => (await get('/admin/staff', admin)).json().staff as { username: string | null; name: string; role: string; llc_names: string[]; status: string }[];
  const sentences = async () => ((await get('/admin/audit_log?page_size=50', admin)).json().events as { summary: string }[]).map((e) => e.summary);

  it('invites each staff role, which registers with the secret and signs in; the list shows role, LLCs and status', async () => {
    await start();
    const invited = await post('/admin/invite_staff', admin, { name: 'Ada Auditor', role: 'auditor', llc_names: [NORTH] });
    expect(invited.statusCode).toBe(201);
    const { registration_secret: secret, message } = invited.json() as { registration_secret: string; message: string };
    expect(message).toBe(`Invitation created. Give Ada Auditor this one-time secret to register: ${secret}`);
    expect(invited.headers['cache-control']).toBe('no-store');
    expect(await staffList()).toContainEqual(expect.objectContaining({ username: null, name: 'Ada Auditor', role: 'auditor', llc_names: [NORTH], status: 'invited' }));

    // The password may not hold the name the invitation gave (nor the portal's, nor the username).
    const weak = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: 'adah', password: 'ada auditor rides 4321', secret } });
    expect([weak.statusCode, weak.json().message]).toEqual([400, 'Password must not contain your name.']);
    await registerWith(t, secret, 'adah');
    // The secret registers once.
    expect((await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: 'ada2', password: STAFF_PASSWORD, secret } })).statusCode).toBe(400);
    await inviteStaffLogin(t, admin, { name: 'Bo Bookkeeper', role: 'bookkeeper', username: 'bob' });
    await inviteStaffLogin(t, admin, { name: 'Al Admin', role: 'admin', username: 'alf' });
    for (const [username, role] of [['adah', 'auditor'], ['bob', 'bookkeeper'], ['alf', 'admin']] as const) {
      const token = await signIn(t.app, username, STAFF_PASSWORD);
      const level = (await get('/admin/get_admin_level', token)).json();
      expect(level, username).toEqual({ admin_level: role === 'admin' ? 1 : 0, role });
    }
    const list = await staffList();
    expect(list.map((r) => [r.username, r.name, r.role, r.llc_names, r.status])).toEqual([
      ['adah', 'Ada Auditor', 'auditor', [NORTH], 'active'],
      ['admin', 'admin', 'admin', [], 'active'],
      ['alf', 'Al Admin', 'admin', [], 'active'],
      ['bob', 'Bo Bookkeeper', 'bookkeeper', [], 'active'],
    ]);
    expect(await sentences()).toEqual(expect.arrayContaining([
      `admin invited Ada Auditor as an auditor of ${NORTH}`, 'admin invited Bo Bookkeeper as a bookkeeper', 'admin invited Al Admin as an admin',
      'adah registered a portal login as an auditor', 'bob registered a portal login as a bookkeeper',
    ]));
  });

  it("asks every staff role for two-factor sign-in when it is required, and an investor or a delegate not", async () => {
    // The logins are made with it optional (the admin signs in without a code), then the app restarts requiring it.
    const required = await template.extend(async (w) => {
      const token = await signIn(w.app, ADMIN.username, ADMIN.password);
      await inviteStaffLogin(w, token, { name: 'Bo Bookkeeper', role: 'bookkeeper', username: 'bob' });
      await inviteStaffLogin(w, token, { name: 'Ada Auditor', role: 'auditor', username: 'adah', llc_names: [NORTH] });
      await createInvestorWithLogin(w, 'Ivy Investor', { username: 'ivyl', password: STAFF_PASSWORD });
      await inviteDelegateLogin(w, token, 'Ivy Investor', 'Dee Delegate', 'deed');
      return { admin: token };
    });
    t = await required.start({ ADMIN_MFA: 'required' });
    try {
      for (const username of ['bob', 'adah', 'admin']) {
        const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username, password: username === 'admin' ? ADMIN.password : STAFF_PASSWORD } });
        expect(res.json(), username).toHaveProperty('totp_setup_required', true);
      }
      for (const username of ['ivyl', 'deed']) {
        const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username, password: STAFF_PASSWORD } });
        expect(res.json(), username).toHaveProperty('access_token');
      }
    } finally {
      await required.close();
    }
  });

  it("lets an auditor read their LLC's reports and answers 404 for another's, as for a missing one", async () => {
    await start();
    const { token } = await inviteStaffLogin(t, admin, { name: 'Ada Auditor', role: 'auditor', username: 'adah', llc_names: [NORTH] });
    const taxPackage = await get(`/admin/tax_package?selectedLLC=${encodeURIComponent(NORTH)}&selectedTaxYear=2025`, token);
    expect(taxPackage.statusCode).toBe(200);
    expect(taxPackage.headers['content-type']).toBe('application/zip');
    expect((await get(`/admin/llc_taxes?selectedLLC=${encodeURIComponent(NORTH)}&selectedTaxYear=2025`, token)).statusCode).toBe(200);
    expect((await get('/admin/get_property_details?selectedProperty=North%20House', token)).statusCode).toBe(200);

    for (const [url, words] of [
      [`/admin/tax_package?selectedLLC=${encodeURIComponent(SOUTH)}&selectedTaxYear=2025`, `No LLC named "${SOUTH}".`],
      [`/admin/llc_taxes?selectedLLC=${encodeURIComponent(SOUTH)}&selectedTaxYear=2025`, `No LLC named "${SOUTH}".`],
      ['/admin/get_property_details?selectedProperty=South%20House', 'No property named "South House".'],
      [`/admin/get_llc_txns?selectedLLC=${encodeURIComponent(SOUTH)}`, `No LLC named "${SOUTH}".`],
    ] as const) {
      const res = await get(url, token);
      expect([res.statusCode, res.json().message], url).toEqual([404, words]);
    }
    // The same words as for an LLC that does not exist.
    const missing = await get('/admin/tax_package?selectedLLC=Nowhere%20LLC&selectedTaxYear=2025', token);
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'No LLC named "Nowhere LLC".']);
    // The admin reads both; the auditor reads nothing LLC-wide and writes nothing.
    expect((await get(`/admin/tax_package?selectedLLC=${encodeURIComponent(SOUTH)}&selectedTaxYear=2025`, admin)).statusCode).toBe(200);
    expect((await get('/admin/get_admin_summary', token)).statusCode).toBe(403);
    expect((await post('/admin/record_property_income', token, {})).statusCode).toBe(403);
  });

  it('lets a bookkeeper record income but not void it', async () => {
    await start();
    const { token } = await inviteStaffLogin(t, admin, { name: 'Bo Bookkeeper', role: 'bookkeeper', username: 'bob' });
    const income = { income_date: '2025-03-03', income_for_month: '2025-03-01', property_name: 'North House', description: 'Rent March', amount: '1500.00', income_category: 'Rent' };
    const recorded = await post('/admin/record_property_income', token, income);
    expect(recorded.statusCode).toBe(201);
    const { id } = recorded.json() as { id: number };
    const voidIt = await post('/admin/delete_income', token, { id, amount: '1500.00', date: '2025-03-03', reason: 'Typed twice' });
    expect(voidIt.statusCode).toBe(403);
    const [row] = await t.testDb.db.query<{ voided: boolean }>('SELECT voided_at IS NOT NULL AS voided FROM ledger_entry WHERE id = $1', [id]);
    expect(row).toEqual({ voided: false });
    expect(await sentences()).toContain('bob recorded income of $1,500.00 on North House (Rent)');
    // Fees, users, staff and period locks are the admin's.
    for (const [url, body] of [
      ['/admin/set_investor_fee', { investor_name: 'X', fee_percentage: '1', effective_month: '2025-01' }],
      ['/admin/invite_staff', { name: 'Eve', role: 'admin' }],
      ['/admin/set_period_lock', { llc_name: NORTH, closed_through: '2024-12-31' }],
      ['/admin/correct_entry', { id, reason: 'x', entry: {} }],
    ] as const) expect((await post(url, token, body)).statusCode, url).toBe(403);
  });

  it('ends the sessions of a login whose role changes, at once, and audits the change', async () => {
    await start();
    const bob = await inviteStaffLogin(t, admin, { name: 'Bo Bookkeeper', role: 'bookkeeper', username: 'bob' });
    expect((await get('/admin/get_admin_summary', bob.token)).statusCode).toBe(200);
    const changed = await post('/admin/change_staff_role', admin, { username: 'bob', role: 'auditor', llc_names: [SOUTH] });
    expect([changed.statusCode, changed.json().message]).toEqual([200, 'Role changed']);
    expect((await get('/admin/get_admin_summary', bob.token)).statusCode).toBe(401);
    const again = await signIn(t.app, 'bob', STAFF_PASSWORD);
    expect((await get('/admin/get_admin_summary', again)).statusCode).toBe(403);
    expect((await get(`/admin/llc_taxes?selectedLLC=${encodeURIComponent(SOUTH)}&selectedTaxYear=2025`, again)).statusCode).toBe(200);
    expect((await get(`/admin/llc_taxes?selectedLLC=${encodeURIComponent(NORTH)}&selectedTaxYear=2025`, again)).statusCode).toBe(404);
    expect(await staffList()).toContainEqual(expect.objectContaining({ username: 'bob', role: 'auditor', llc_names: [SOUTH] }));
    expect(await sentences()).toContain(`admin changed the role of bob from bookkeeper to auditor of ${SOUTH}`);
    // Back to bookkeeper: the LLCs go with the auditor's role.
    await post('/admin/change_staff_role', admin, { username: 'bob', role: 'bookkeeper' });
    expect(await staffList()).toContainEqual(expect.objectContaining({ username: 'bob', role: 'bookkeeper', llc_names: [] }));
  });

  it('ends access: the sessions stop and sign-in is refused', async () => {
    await start();
    const bob = await inviteStaffLogin(t, admin, { name: 'Bo Bookkeeper', role: 'bookkeeper', username: 'bob' });
    const ended = await post('/admin/end_staff_access', admin, { username: 'bob' });
    expect([ended.statusCode, ended.json().message]).toEqual([200, 'Access ended']);
    expect((await get('/admin/get_admin_summary', bob.token)).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'bob', password: STAFF_PASSWORD } });
    expect(login.statusCode).toBe(401);
    expect(await staffList()).toContainEqual(expect.objectContaining({ username: 'bob', status: 'ended' }));
    expect(await sentences()).toContain('admin ended the access of bob (bookkeeper)');
    const twice = await post('/admin/end_staff_access', admin, { username: 'bob' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'The access of bob has already ended.']);
    const change = await post('/admin/change_staff_role', admin, { username: 'bob', role: 'admin' });
    expect(change.statusCode).toBe(409);
    // The operator's console cannot give the access back with a new password: the login stays ended.
    await expect(t.services.users.resetPassword('bob', STAFF_PASSWORD)).rejects.toThrow('The access of bob has ended: an admin can invite them again.');
    const again = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'bob', password: STAFF_PASSWORD } });
    expect(again.statusCode).toBe(401);
    expect(await staffList()).toContainEqual(expect.objectContaining({ username: 'bob', status: 'ended' }));
  });

  it('never changes or ends the last admin who can sign in', async () => {
    await start();
    const words = 'admin is the last admin who can sign in: make another staff member an admin first.';
    for (const [url, body] of [['/admin/change_staff_role', { username: 'admin', role: 'bookkeeper' }], ['/admin/end_staff_access', { username: 'admin' }]] as const) {
      const res = await post(url, admin, body);
      expect([res.statusCode, res.json().message], url).toEqual([409, words]);
    }
    // With a second admin, the first may step down; then the second is the last.
    const al = await inviteStaffLogin(t, admin, { name: 'Al Admin', role: 'admin', username: 'alf' });
    expect((await post('/admin/change_staff_role', al.token, { username: 'admin', role: 'bookkeeper' })).statusCode).toBe(200);
    const last = await post('/admin/end_staff_access', al.token, { username: 'alf' });
    expect([last.statusCode, last.json().message]).toEqual([409, 'alf is the last admin who can sign in: make another staff member an admin first.']);
    const admins = await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM portal_user WHERE role = 'admin' AND disabled_at IS NULL`);
    expect(admins).toEqual([{ n: 1 }]);
  });

  it('refuses bad invitations and changes in words', async () => {
    await start();
    for (const [url, body, status, words] of [
      ['/admin/invite_staff', { name: 'Eve', role: 'owner' }, 400, /must be admin, bookkeeper or auditor/],
      ['/admin/invite_staff', { name: 'Eve', role: 'auditor', llc_names: ['Nowhere LLC'] }, 404, /^No LLC named "Nowhere LLC"\.$/],
      ['/admin/invite_staff', { name: 'Eve', role: 'auditor' }, 400, /^An auditor must be granted at least one LLC/],
      ['/admin/invite_staff', { name: 'Eve', role: 'auditor', llc_names: [] }, 400, /^An auditor must be granted at least one LLC/],
      ['/admin/invite_staff', { name: 'Eve', role: 'bookkeeper', llc_names: [NORTH] }, 400, /^Only an auditor is granted LLCs/],
      ['/admin/change_staff_role', { username: 'nobody', role: 'bookkeeper' }, 404, /^No staff member with the username "nobody"\.$/],
      ['/admin/end_staff_access', { username: 'nobody' }, 404, /^No staff member with the username "nobody"\.$/],
    ] as const) {
      const res = await post(url, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message, JSON.stringify(body)).toMatch(words);
    }
    // An investor's login is not staff: its role is not changed here.
    await createInvestorWithLogin(t, 'Ivy Investor', { username: 'ivyl', password: STAFF_PASSWORD });
    expect((await post('/admin/change_staff_role', admin, { username: 'ivyl', role: 'admin' })).statusCode).toBe(404);
    expect(await staffList()).toHaveLength(1);
  });

  it("lets a delegate read the investor's summary but not their bank details", async () => {
    await start();
    await createInvestorWithLogin(t, 'Ivy Investor', { username: 'ivyl', password: STAFF_PASSWORD });
    const dee = await inviteDelegateLogin(t, admin, 'Ivy Investor', 'Dee Delegate', 'deed');
    const summary = await get('/api/investor_summary', dee);
    expect([summary.statusCode, summary.json().investor_name]).toEqual([200, 'Ivy Investor']);
    expect((await get('/api/bank_account', dee)).statusCode).toBe(403);
    expect((await get('/admin/get_admin_level', dee)).json()).toEqual({ admin_level: 0, role: 'delegate' });
  });
});
