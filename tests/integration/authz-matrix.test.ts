import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesOf, type Endpoint } from '../../src/contract/endpoint.js';
import { endpoints } from '../../src/contract/endpoints.js';
import { ROLES, type Role } from '../../src/contract/roles.js';
import { unscopedAuditorEntries } from '../../src/server/http/register-endpoints.js';
import { addLlc, inviteDelegateLogin, inviteStaffLogin } from '../support/staff-logins.js';
import { DB_KINDS } from '../support/test-db.js';
import { ADMIN, bearer, createInvestorWithLogin, signIn, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The authorization matrix, generated from the endpoint table and the live routes (docs/security.md Z1, Z4,
 * "Roles"): every role × every entry, so an entry added later, or a role given to one, is covered without
 * touching this file.
 */
const table = endpoints as Record<string, Endpoint>;
// Signing out ends the session the sweep goes on with: each role's last request.
const entries = Object.entries(table).filter(([, e]) => e.policy !== 'public').sort(([a], [b]) => Number(a === 'logout') - Number(b === 'logout'));

/**
 * The matrix as reviewed (docs/security.md "Roles"): which entries each role may call. The sweeps below hold
 * the server to the table; this holds the table to what was decided, so loosening an entry (or adding one)
 * fails here until the list is changed on purpose.
 */
const words = (...lists: string[]) => lists.join(' ').split(/\s+/).filter(Boolean).sort();
const SESSION = 'adminLevel apiTokens changePassword createApiToken logout protectedCheck recoveryCodes renew revokeApiToken totpDisable totpEnable totpEnrol totpStatus';
const NOTICES = 'changeNoticeSettings noticeSettings';
const INVESTOR_PAGE = 'capitalCalls document documents explain investorCorrections investorProperty investorStatement investorSummary publishedStatements updates';
const AUDITOR_READS = 'adminHelpers getLlc k1Status lcPayoff lcSchedule llcTaxes llcTxns propertyDetails propertyTaxes propertyTxns taxPackage';
const REVIEWED: Record<Exclude<Role, 'admin'>, string[]> = {
  bookkeeper: words(SESSION, NOTICES, INVESTOR_PAGE, AUDITOR_READS, `
    addExpenseCategory addInvestment addLoren addRentalDeposit adminCapitalCalls adminDocuments adminSummary adminUpdates
    allStatements cancelDistributionRun capitalCall changeDistributionLine distributionRun distributionRunCsv distributionRuns
    documentDownloads draftDistributionRun getPropertyNotes investorTxns k1Batch k1BatchFile k1Consents ledgerEntries ledgerExport
    maxCashWithdrawal maxDepositWithdrawal maxInvestmentWithdrawal periodLocks previewCapitalCall recordCallReceipt recordCashWithdrawal
    recordDepositWithdrawal recordInvestmentWithdrawal recordInvestorPropertyExpense recordLcPayment recordLlcExpense recordLorenIncome
    recordPropertyExpense recordPropertyIncome setPropertyNotes statementPublications
    addBankRule addLlcBankAccount bankImport bankImportCommit bankImportPreview bankImports bankRules changeBankRule changeLlcBankAccount
    deleteBankRule llcBankAccounts
    federalRates landContracts lcPayoffLetter lcStatement`),
  auditor: words(SESSION, NOTICES, AUDITOR_READS),
  investor: words(SESSION, NOTICES, INVESTOR_PAGE, `
    bankAccount changeBankAccount delegates giveK1Consent investorCombined inviteDelegate k1Consent myInvestors revokeDelegate withdrawK1Consent`),
  delegate: words(SESSION, INVESTOR_PAGE, 'myInvestors'),
};
/** The admin calls every entry but a login's own investor switcher and combined view. */
const NOT_THE_ADMINS = words('investorCombined myInvestors');

describe.each(DB_KINDS)('authorization matrix on %s', (kind) => {
  let t: TestApp;
  const tokens = {} as Record<Role, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    tokens.admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    await addLlc(t, tokens.admin, 'Matrix North LLC');
    await addLlc(t, tokens.admin, 'Matrix South LLC');
    tokens.investor = (await createInvestorWithLogin(t, 'Matrix Max')).token;
    tokens.bookkeeper = (await inviteStaffLogin(t, tokens.admin, { name: 'Bea Bookkeeper', role: 'bookkeeper', username: 'bea' })).token;
    tokens.auditor = (await inviteStaffLogin(t, tokens.admin, { name: 'Otto Auditor', role: 'auditor', username: 'otto', llc_names: ['Matrix North LLC'] })).token;
    tokens.delegate = await inviteDelegateLogin(t, tokens.admin, 'Matrix Max', 'Dana Delegate', 'dana');
  }, 60_000);
  afterAll(() => t?.close());

  const routes = () => t.app.routePolicies.filter((r) => r.method !== 'HEAD');
  const send = (e: Endpoint, headers: Record<string, string>) =>
    t.app.inject({ method: e.method, url: e.path, headers, ...(e.method === 'POST' ? { payload: {} } : {}) });
  const counts = async () =>
    (await t.testDb.db.query('SELECT (SELECT count(*) FROM ledger_entry) AS l, (SELECT count(*) FROM audit_event) AS a'))[0];

  it('puts every /admin and /api route behind a session, and every /admin route but the level check in the back office', () => {
    for (const r of routes()) {
      if (r.url.startsWith('/admin/') && r.url !== '/admin/get_admin_level') expect(r.policy, r.url).toBe('admin');
      if (r.url.startsWith('/api/') || r.url.startsWith('/admin/')) expect(r.policy, r.url).not.toBe('public');
    }
    // Public: the table's public entries, the app's files and the API reference (its page and document).
    const publicRoutes = routes().filter((r) => r.policy === 'public').map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.filter((r) => !r.startsWith('GET /api-docs')).sort()).toEqual([
      'GET /*', 'GET /healthz', 'GET /logo.png', 'GET /manifest.json', 'GET /openapi.json', 'GET /pictures/:id', 'POST /auth/login', 'POST /auth/mfa',
      'POST /auth/register', 'POST /auth/totp/confirm', 'POST /auth/totp/setup',
    ]);
    const tablePublic = Object.values(table).filter((e) => e.policy === 'public');
    // The sign-in steps carry their own short challenge instead of a session.
    expect(tablePublic.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
      'GET /healthz', 'GET /manifest.json', 'POST /auth/login', 'POST /auth/mfa', 'POST /auth/register', 'POST /auth/totp/confirm', 'POST /auth/totp/setup',
    ]);
    for (const e of Object.values(table)) {
      if (e.path.startsWith('/admin/') && e.path !== '/admin/get_admin_level') expect(e.policy, e.path).toBe('admin');
      // An investor and a delegate never reach the back office, whatever an entry's roles say.
      if (e.policy === 'admin') expect(rolesOf(e).filter((r) => r === 'investor' || r === 'delegate'), e.path).toEqual([]);
    }
  });

  it('gives each role exactly the entries reviewed for it', () => {
    const callable = (role: Role) => entries.filter(([, e]) => rolesOf(e).includes(role)).map(([name]) => name).sort();
    for (const role of Object.keys(REVIEWED) as (keyof typeof REVIEWED)[]) expect(callable(role), role).toEqual(REVIEWED[role]);
    expect(entries.filter(([, e]) => !rolesOf(e).includes('admin')).map(([name]) => name).sort()).toEqual(NOT_THE_ADMINS);
  });

  it("holds an auditor to their LLCs on every back-office entry of theirs: each names its LLC's or property's field", () => {
    expect(unscopedAuditorEntries(table)).toEqual([]);
    // An entry that lets an auditor in without naming the field is refused (the server would not start).
    const loose = { ...table.llcTaxes!, auditorScope: undefined };
    expect(unscopedAuditorEntries({ ...table, loose })).toEqual(['loose']);
    expect(unscopedAuditorEntries({ loose: { ...table.adminSummary!, roles: ['admin', 'auditor'] } })).toEqual(['loose']);
  });

  it('answers 401 without a token on every route that is not public', async () => {
    for (const r of routes().filter((x) => x.policy !== 'public')) {
      const res = await t.app.inject({ method: r.method as 'GET' | 'POST', url: r.url });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('answers 403 to every role an entry leaves out, and changes nothing', async () => {
    const before = await counts();
    const problems: string[] = [];
    let refused = 0;
    for (const [name, e] of entries) {
      for (const role of ROLES.filter((r) => !rolesOf(e).includes(r))) {
        const res = await send(e, bearer(tokens[role]) as Record<string, string>);
        refused += 1;
        if (res.statusCode !== 403) problems.push(`${role} ${e.method} ${e.path} (${name}): expected 403, got ${res.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(200);
    expect(await counts()).toEqual(before);
  }, 120_000);

  it('lets every role an entry lists past the guard: never 401 or 403 for an empty request', async () => {
    const problems: string[] = [];
    for (const [name, e] of entries) {
      for (const role of rolesOf(e)) {
        const res = await send(e, bearer(tokens[role]) as Record<string, string>);
        if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) {
          problems.push(`${role} ${e.method} ${e.path} (${name}): got ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('takes a demotion into account at the next request (Z6)', async () => {
    const admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    const res = await t.app.inject({ method: 'GET', url: '/admin/get_login_summary', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    // The role and the specification's admin_level change together (migration 0024's constraint).
    await t.testDb.db.query(`UPDATE portal_user SET role = 'bookkeeper', admin_level = 0 WHERE username = 'admin'`);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/admin/get_login_summary', headers: bearer(admin) })).statusCode).toBe(403);
      // A bookkeeper's own calls still answer.
      expect((await t.app.inject({ method: 'GET', url: '/admin/get_admin_summary', headers: bearer(admin) })).statusCode).toBe(200);
    } finally {
      await t.testDb.db.query(`UPDATE portal_user SET role = 'admin', admin_level = 1 WHERE username = 'admin'`);
    }
  });
});
