import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.js';
import { rolesOf, type Endpoint } from '../../src/contract/endpoint.js';
import { ROLES } from '../../src/contract/roles.js';
import { MAPLE_LLC, MAPLE_PROPERTIES } from '../fixtures/maple.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { accepts, boundsOf, randomText, valuesNear, type Schema } from '../support/openapi-bounds.js';
import { prng } from '../support/prng.js';
import { bearer, createInvestorWithLogin, seedAs, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * The API reference is the contract: GET /openapi.json is walked as a client generated
 * from it would read it. For every operation and every bound a request field states (maxLength,
 * minLength, minimum, maximum, exclusiveMinimum, multipleOf, pattern, enum), a valid request is sent
 * with that field just inside the bound and just outside it: inside, the server must not refuse the
 * field (a 2xx, or a 404 or 409 for what the value names, or a refusal by a rule of the books listed in
 * BOOK_RULES, which the closing line counts); outside, it must answer 400. Every status the server answers in the walk, and to a
 * request without a session, from an investor on an admin call, with a body that is not JSON and with
 * one too large, must be listed in that operation's responses.
 *
 * Values are built from the document alone (tests/support/openapi-bounds.ts), on the Maple books. White
 * space around a value, which text fields ignore (they trim), is not used to make a value outside.
 */

type Operation = {
  operationId: string;
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: { 'application/json': { schema: { properties: Record<string, Schema> } } } };
  responses: Record<string, unknown>;
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/**
 * Refusals by a rule of the books, which a schema cannot state (a balance, another field's value, a
 * name that does not exist in an entry, today's date): an inside value may meet one of these.
 */
const BOOK_RULES: [RegExp, string][] = [
  [/cannot exceed the maximum (withdrawal|deposit) amount/, 'more than the balance allows'],
  [/cannot exceed the (purchase|sale) price/, 'a figure above another field'],
  [/Give all land-contract terms|Land-contract terms can only be given/, 'land-contract terms come all or none, on land contracts'],
  [/Give the installment and the first due date together|The installment, due date, grace days, mortgage and buyer need the land-contract terms/, 'servicing terms come with the installment and the tax terms'],
  [/The first due date must be after the sale date|The payoff date must be on or after the sale date/, 'a date before the sale'],
  [/does not cover a month's interest|does not pay the contract off within/, 'an installment that never pays the contract off'],
  [/cannot exceed the sale price/, 'the down payment and mortgage above the price'],
  [/must be on or before|must not be after the end date/, 'a period whose start is after its end'],
  [/cannot be a date in the future|cannot be dated in the future|in the future/i, 'a date after today'],
  [/^The secret is not valid or has expired/, 'a registration secret that was never issued'],
  [/^The current password is not right\.$/, 'a current password that is not the account’s'],
  [/^Start the setup first/, 'a two-factor code before any enrolment'],
  [/^The picture must be a JPEG, PNG or WebP image\.$/, 'base64 that is not a picture'],
  [/^There is no roi_per_year for \d+/, 'a year without capital'],
  [/^No document number \d+ to attach/, 'an attachment that is not a live document'],
  [/^The due date cannot be before today/, 'a capital call due before today'],
  [/^No investor held capital or cash from|^This period has not ended yet/, 'a statement period nobody held anything in, or not over'],
  [/has no investors holding capital|is not an investor of|is not asked for anything in this capital call|amounts per investor/, "a capital call's investors and their amounts"],
  [/its check digit does not match/, 'a routing number whose ABA check digit does not match'],
  [/must use plain letters, digits and punctuation/, 'text a NACHA file cannot carry (not plain ASCII)'],
  [/^Nothing to pay: no investor/, 'a distribution run whose minimum leaves no one to pay'],
  [/^A rule for an? [\w -]+ names no (category|property|investor)\.$|is an? [\w ]+ category, not an? [\w ]+ category\.$/, "an import rule's property, category and investor fit its kind"],
  [/^Only an auditor is granted LLCs|^An auditor must be granted at least one LLC/, 'LLCs named for a staff role other than an auditor’s'],
];

/**
 * A name an entry refers to that does not exist answers 400 naming it (docs/api.md), but only on a call
 * that lists no 404: the name a call acts on or reads answers 404 when it does not exist.
 */
const UNKNOWN_NAME: [RegExp, string] = [/^No [\w ]+ named ".*"\.$/, 'a name an entry refers to does not exist'];
const rulesOf = (op: Operation) => (op.responses['404'] ? BOOK_RULES : [UNKNOWN_NAME, ...BOOK_RULES]);

/** Seeds for subschemas the base request's value does not fit (the number form of an amount, say). */
const SEEDS: unknown[] = [12.34, 1, 2024, '2024-06-28', '2024-06', '2024', '12.34', '-12.34', -12.34, '123456', 'roi_per_year:2024', 'total_income', '/p.jpg', '12-3456789'];

describe.each(DB_KINDS)('the API reference on %s', (kind) => {
  let t: TestApp;
  let doc: OpenApi;
  let template: AppTemplate<MapleBooks>;
  let books: MapleBooks;
  let account: { username: string; password: string; token: string };
  let n = 0;
  const fresh = (prefix: string) => `${prefix} ${(n += 1)}`;
  const rand = prng(24_0005);
  const random = randomText(rand);
  const lockLlc = 'Reference Lock LLC';
  const registrant = 'Reference Registrant';

  /** A valid request of each operation with a query or a body, as its role sends it. */
  const base: Record<string, (field?: string) => Promise<Record<string, unknown>> | Record<string, unknown>> = {
    login: () => ({ username: 'nobody.reference', password: 'not the password' }),
    // The second factor is a code or a recovery code, never both: the field tested decides which.
    mfa: (field) => ({ mfa_token: 'not-a-token', ...secondFactor(field) }),
    totpSetup: () => ({ setup_token: 'not-a-token' }),
    totpConfirm: () => ({ setup_token: 'not-a-token', code: '123456' }),
    register: async () => ({ username: `ref.user.${(n += 1)}`, password: random(20), secret: await secretOf(registrant) }),
    changePassword: () => ({ current_password: account.password, new_password: random(20) }),
    totpEnable: () => ({ code: '123456' }),
    totpDisable: (field) => secondFactor(field),
    recoveryCodes: () => ({ code: '123456' }),
    investorSummary: () => ({ investor_name: 'A', as_of: '2024-12-31' }),
    investorProperty: () => ({ property_name: 'P', investor_name: 'A', as_of: '2024-12-31' }),
    explain: () => ({ investor_name: 'A', figure: 'total_income', as_of: '2024-12-31' }),
    investorStatement: () => ({ investor_name: 'A', from: '2024-12-01', to: '2024-12-31' }),
    addInvestmentProperty: () => ({ ...MAPLE_PROPERTIES[1], property_name: fresh('Reference Property') }),
    addInvestor: () => ({ name: fresh('Reference Investor'), email: 'r@example.com', phone: '555-0199', address: '1 Reference Road', fee_percentage: '0.05' }),
    setInvestorFee: () => ({ investor_name: 'B', fee_percentage: '0.05', effective_month: '2025-01' }),
    addExpenseCategory: () => ({ expense_category: fresh('Reference Category'), scope: 'income' }),
    getPropertyNotes: () => ({ property_name: 'P' }),
    setPropertyNotes: () => ({ property_name: 'P', notes: 'Reference notes' }),
    addLlc: () => ({ ...MAPLE_LLC, llc_name: fresh('Reference LLC') }),
    getLlc: () => ({ llc_name: MAPLE_LLC.llc_name }),
    updateLlc: () => ({ ...MAPLE_LLC }),
    uploadPicture: () => ({ data: TINY_PNG }),
    setPeriodLock: () => ({ llc_name: lockLlc, closed_through: '' }),
    addLoren: () => ({ loren_name: fresh('Reference Loren') }),
    recordPropertyIncome: () => ({ income_date: '2025-03-03', income_for_month: '2025-03', property_name: 'P', description: 'Reference rent', amount: '12.00', income_category: 'Rent' }),
    recordLorenIncome: () => ({ income_date: '2025-03-01', property_name: 'P', description: 'Reference', amount: '12.00', start_date: '2025-03-01', end_date: '2025-03-31' }),
    recordLcPayment: () => ({ payment_date: '2025-02-01', property_name: 'Q', description: 'Reference payment', amount: '12.00' }),
    recordPropertyExpense: () => ({ expense_date: '2025-03-15', expense_for_month: '2025-03', property_name: 'P', description: 'Reference', amount: '12.00', expense_category: 'Repairs', payer: 'admin' }),
    recordInvestorPropertyExpense: () => ({ investor: 'A', expense_date: '2025-03-15', expense_for_month: '2025-03', property_name: 'P', description: 'Reference', amount: '12.00', expense_category: 'Repairs', payer: 'admin' }),
    recordLlcExpense: () => ({ expense_date: '2025-03-20', llc_name: MAPLE_LLC.llc_name, description: 'Reference', amount: '12.00', expense_category: 'State fees', payer: 'admin' }),
    addRentalDeposit: () => ({ property_name: 'P', amount: '12.00', date: '2025-03-01', notes: 'Reference deposit' }),
    addInvestment: () => ({ property_name: 'P', investor_name: 'A', date: '2025-03-05', amount: '12.00' }),
    maxCashWithdrawal: () => ({ investor_name: 'A' }),
    maxInvestmentWithdrawal: () => ({ investor_name: 'A', property_name: 'P' }),
    maxDepositWithdrawal: () => ({ property_name: 'P' }),
    recordCashWithdrawal: () => ({ investor_name: 'A', date: '2025-04-01', description: 'Reference', amount: '1.00' }),
    recordInvestmentWithdrawal: () => ({ investor_name: 'A', property_name: 'P', date: '2025-04-01', amount: '1.00' }),
    recordDepositWithdrawal: () => ({ property_name: 'P', date: '2025-04-01', notes: 'Reference', amount: '1.00' }),
    propertyTxns: () => ({ selectedProperty: 'Q', include_voided: 'true' }),
    llcTxns: () => ({ selectedLLC: MAPLE_LLC.llc_name, include_voided: 'false' }),
    investorTxns: () => ({ investor_name: 'A', include_voided: 'true' }),
    ...Object.fromEntries(['deleteIncome', 'deleteExpense', 'deleteDeposit', 'deleteLcPayment', 'deleteLlcExpense', 'deleteInvestment', 'deleteWithdrawal']
      .map((name) => [name, () => ({ id: 999_999, amount: '1.00', date: '2024-01-01', detail: 'Reference', reason: 'Reference' })])),
    ledgerEntries: () => ({ kind: 'property_income', property_name: 'P', category: 'Rent', include_voided: 'true', limit: 5 }),
    // Entry 1 is A's investment in P (the first recording): an id just inside the bound corrects it to itself.
    correctEntry: () => ({ id: 999_999, reason: 'Reference', entry: { property_name: 'P', investor_name: 'A', date: '2024-01-05', amount: '100000.00' } }),
    propertyDetails: () => ({ selectedProperty: 'Q' }),
    llcTaxes: () => ({ selectedLLC: MAPLE_LLC.llc_name, selectedTaxYear: '2024' }),
    allStatements: () => ({ from: '2024-12-01', to: '2024-12-31' }),
    taxPackage: () => ({ selectedLLC: MAPLE_LLC.llc_name, selectedTaxYear: '2023' }),
    ledgerExport: () => ({ from: '2024-12-01', to: '2024-12-31' }),
    publishStatements: () => ({ from: '2024-12-01', to: '2024-12-31' }),
    publishedStatements: () => ({ investor_name: 'A' }),
    propertyTaxes: () => ({ selectedProperty: 'Q', selectedTaxYear: '2024' }),
    deletePortalUser: () => ({ investor_name: 'C' }),
    resetPortalUserPassword: () => ({ investor_name: 'B' }),
    resetPortalUserTotp: () => ({ investor_name: 'B' }),
    investorSecret: () => ({ investor_name: 'B' }),
    auditLog: () => ({ entity: 'investor', page: 1, page_size: 5 }),
    outbox: () => ({ page: 1, page_size: 5 }),
    giveK1Consent: () => ({ disclosure_version: 1 }), changeInvestorTaxId: () => ({ investor_name: 'A', tax_id: '12-3456789' }),
    changeNoticeSettings: () => ({ settings: [{ event: 'withdrawal_recorded', enabled: true }] }),
    withdrawDocument: () => ({ id: 999_999, reason: 'Reference' }),
    documents: () => ({ investor_name: 'A', kind: 'k1', tax_year: '2024' }),
    document: () => ({ id: '999999', version: 1 }),
    documentDownloads: () => ({ id: 999_999 }),
    k1Batch: () => ({ batch_id: 999_999 }),
    k1BatchFile: () => ({ batch_id: 999_999, file: 'k1.pdf' }),
    publishK1Batch: () => ({ batch_id: 999_999, assignments: [{ file: 'k1.pdf', investor_name: 'A' }] }),
    discardK1Batch: () => ({ batch_id: 999_999 }),
    k1Status: () => ({ llc_name: MAPLE_LLC.llc_name, tax_year: '2024' }),
    postUpdate: () => ({ title: 'Reference', body: 'Reference text' }),
    withdrawUpdate: () => ({ id: 999_999 }),
    updates: () => ({ investor_name: 'A' }),
    bankAccount: () => ({ investor_name: 'A' }),
    changeBankAccount: () => ({ investor_name: 'A', routing_number: '021000021', account_number: '000123456789', account_type: 'checking' }),
    approveBankChange: () => ({ investor_name: 'A' }),
    rejectBankChange: () => ({ investor_name: 'A', reason: 'Reference' }),
    issueCapitalCall: () => ({ property_name: 'P', amount: '12.00', due_date: '2026-12-31', purpose: 'Reference', instructions: 'Reference' }),
    recordCallReceipt: () => ({ call_id: 999_999, investor_name: 'A', amount: '1.00', date: '2025-04-01' }),
    capitalCalls: () => ({ investor_name: 'A' }),
    capitalCall: () => ({ id: 999_999 }),
    previewCapitalCall: () => ({ property_name: 'P', amount: '12.00' }),
    remindCapitalCall: () => ({ id: 999_999 }),
    cancelCapitalCall: () => ({ id: 999_999, reason: 'Reference' }),
    draftDistributionRun: () => ({ date: '2025-04-01', mode: 'percent', percent: '50', minimum: '1.00', memo: 'Reference' }),
    ...Object.fromEntries(['distributionRun', 'approveDistributionRun', 'cancelDistributionRun', 'distributionRunNacha', 'distributionRunCsv', 'distributionRunChecks']
      .map((name) => [name, () => ({ id: 999_999 })])),
    changeDistributionLine: () => ({ id: 999_999, investor_name: 'A', amount: '1.00' }),
    inviteStaff: () => ({ name: fresh('Reference Staff'), role: 'auditor', llc_names: [MAPLE_LLC.llc_name] }),
    changeStaffRole: () => ({ username: 'nobody.reference', role: 'bookkeeper' }),
    endStaffAccess: () => ({ username: 'nobody.reference' }),
    delegates: () => ({ investor_name: 'A' }),
    inviteDelegate: () => ({ investor_name: 'A', name: fresh('Reference Delegate'), email: 'd@example.com', can_see_figures: true, can_see_documents: false }),
    revokeDelegate: () => ({ id: 999_999, investor_name: 'A' }),
    createApiToken: () => ({ name: fresh('Reference Token'), expires_in_days: 30, read_only: true }),
    revokeApiToken: () => ({ id: 999_999 }),
    investorCombined: () => ({ as_of: '2024-12-31' }),
    investorAccess: () => ({ username: 'nobody.reference' }),
    grantInvestorAccess: () => ({ username: 'nobody.reference', investor_name: 'C' }),
    revokeInvestorAccess: () => ({ username: 'nobody.reference', investor_name: 'C' }),
    investorCorrections: () => ({ investor_name: 'A' }),
    llcBankAccounts: () => ({ llc_name: MAPLE_LLC.llc_name }),
    addLlcBankAccount: () => ({ llc_name: MAPLE_LLC.llc_name, name: fresh('Reference Account'), last4: '1234', property_names: ['P'] }),
    changeLlcBankAccount: () => ({ llc_name: MAPLE_LLC.llc_name, name: 'No Such Account', last4: '' }),
    bankRules: () => ({ llc_name: MAPLE_LLC.llc_name }),
    addBankRule: () => ({ llc_name: MAPLE_LLC.llc_name, match_text: fresh('REFERENCE PAYEE'), kind: 'property_expense', property_name: 'P', category: 'Repairs' }),
    changeBankRule: () => ({ id: 999_999, match_text: 'REFERENCE', kind: 'property_expense' }),
    deleteBankRule: () => ({ id: 999_999 }),
    bankImport: () => ({ import_id: 999_999 }),
    bankImports: () => ({ llc_name: MAPLE_LLC.llc_name }),
    bankImportCommit: () => ({ import_id: 999_999, lines: [{ line: 1, kind: 'property_income' }] }),
    bankImportUndo: () => ({ import_id: 999_999 }),
    setLandContractTerms: () => ({ property_name: 'Q', lc_sale_date: '2024-01-01', lc_sale_price: '100000.00', lc_down_payment: '10000.00', lc_adjusted_basis: '60000.00', lc_rate_bps: 800, lc_installment: '1000.00', lc_first_due_date: '2024-02-01' }),
    lcSchedule: () => ({ property_name: 'Q' }),
    lcPayoff: () => ({ property_name: 'Q', as_of: '2024-12-15' }),
    lcPayoffLetter: () => ({ property_name: 'Q', as_of: '2024-12-15' }),
    lcStatement: () => ({ property_name: 'Q', year: '2024' }),
    setFederalRate: () => ({ month: '2024-01', term: 'long', rate_bps: 450 }),
    changeAchSettings: () => ({ company_name: 'Reference', company_id: '1123456789', originating_routing: '021000021', destination_routing: '021000021', destination_name: 'Reference Bank', origin_name: 'Reference' }),
  };

  const secondFactor = (field?: string) => (field === 'recovery_code' ? { recovery_code: 'abcde-fghjk' } : { code: '123456' });

  async function secretOf(investor: string): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url: `/admin/get_investor_secret?investor_name=${encodeURIComponent(investor)}`, headers: bearer(books.admin) });
    return (res.json() as { investor_secret: string }).investor_secret;
  }

  const tokenFor = (e: Endpoint): string | undefined =>
    e.policy === 'public' ? undefined : e.policy === 'admin' ? books.admin : e.path.startsWith('/auth/') ? account.token : books.investors.A;

  type Answer = { status: number; message: string };
  const statuses = new Map<string, Set<number>>();
  /** Milliseconds spent answering each operation, to name the slowest in the closing line. */
  const spent: Record<string, number> = {};

  async function send(name: string, e: Endpoint, input: Record<string, unknown>, opts: { token?: string | null; raw?: { type: string; body: string } } = {}): Promise<Answer> {
    const token = opts.token === null ? undefined : opts.token ?? tokenFor(e);
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    // A fresh address per request: the per-address sign-in limits are not what this test is about.
    const remoteAddress = `127.0.${rand.int(1, 254)}.${rand.int(1, 254)}`;
    const started = Date.now();
    const res =
      e.method === 'GET'
        ? await t.app.inject({ method: 'GET', url: `${e.path}?${new URLSearchParams(Object.entries(input).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]))}`, headers, remoteAddress })
        : opts.raw
          ? await t.app.inject({ method: 'POST', url: e.path, headers: { ...headers, 'content-type': opts.raw.type }, payload: opts.raw.body, remoteAddress })
          : await t.app.inject({ method: 'POST', url: e.path, headers, payload: input, remoteAddress });
    spent[name] = (spent[name] ?? 0) + Date.now() - started;
    if (!statuses.has(name)) statuses.set(name, new Set());
    statuses.get(name)!.add(res.statusCode);
    const message = res.statusCode >= 400 ? String((res.json() as { message?: unknown }).message ?? '') : '';
    // A password the server took is the account's password from now on.
    if (name === 'changePassword' && res.statusCode === 200) account.password = String(input.new_password);
    return { status: res.statusCode, message };
  }

  beforeAll(async () => {
    // A copy of the Maple books recorded once for the run: what the walk writes stays in this copy.
    template = await mapleBooksTemplate(kind, { logins: true });
    t = await template.start();
    books = template.state;
    const post = seedAs(t, books.admin);
    await post('/admin/add_llc', { ...MAPLE_LLC, llc_name: lockLlc });
    await post('/admin/add_investor', { name: registrant, email: '', phone: '', address: '', fee_percentage: '0' });
    account = await createInvestorWithLogin(t, 'Reference Account', { username: 'reference.account', password: 'amber canyon whistle 77' });
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await template?.close();
  });

  it('states every bound the server enforces, and the server keeps each one from both sides', async () => {
    const table = endpoints as Record<string, Endpoint>;
    const problems: string[] = [];
    let bounds = 0;
    let insideSent = 0;
    let outsideSent = 0;
    const byOutcome: Record<string, number> = {};
    const started = Date.now();

    for (const [name, e] of Object.entries(table)) {
      const op = doc.paths[e.path.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
      if (!op) {
        problems.push(`${name}: not in the reference`);
        continue;
      }
      const fields: [string, Schema, 'query' | 'body'][] = [
        ...(op.parameters ?? []).filter((p) => p.in === 'query').map((p): [string, Schema, 'query'] => [p.name, p.schema, 'query']),
        ...Object.entries(op.requestBody?.content['application/json']?.schema.properties ?? {}).map(([f, s]): [string, Schema, 'body'] => [f, s, 'body']),
      ];
      if (fields.length === 0) continue;
      const make = base[name];
      if (!make) {
        problems.push(`${name}: no valid request to start from (add one to \`base\`)`);
        continue;
      }
      const first = await make();
      const answer = await send(name, e, first);
      if ((answer.status === 400 && !rulesOf(op).some(([re]) => re.test(answer.message))) || answer.status >= 500) {
        problems.push(`${name}: the valid request was answered ${answer.status}: ${answer.message}`);
        continue;
      }

      for (const [field, schema, where] of fields) {
        for (const bound of boundsOf(schema)) {
          const special = field === 'data' ? pictureData : undefined;
          const { inside, outside } = valuesNear(schema, bound, [first[field], ...SEEDS], { random, special });
          if (inside.length === 0 || outside.length === 0) {
            // A bound no value can sit just inside or outside of is no bound worth stating; say which.
            if (bound.keyword !== 'minLength' || (bound.at.minLength ?? 0) > 0) problems.push(`${name}.${field}: no value ${inside.length ? 'outside' : 'inside'} its ${bound.keyword}`);
            continue;
          }
          bounds += 1;
          const what = (v: unknown) => `${name}.${field} ${bound.keyword} ${JSON.stringify(v).slice(0, 60)}`;
          for (const v of inside) {
            if (!accepts(schema, v)) throw new Error(`${what(v)}: not inside the document's own rule`);
            const sent = await send(name, e, { ...(await make(field)), [field]: where === 'query' ? String(v) : v });
            insideSent += 1;
            const rule = sent.status === 400 ? rulesOf(op).find(([re]) => re.test(sent.message)) : undefined;
            byOutcome[rule ? `400 ${rule[1]}` : String(sent.status)] = (byOutcome[rule ? `400 ${rule[1]}` : String(sent.status)] ?? 0) + 1;
            if (sent.status === 400 && !rule) problems.push(`${what(v)} (inside): refused: ${sent.message}`);
            if (sent.status >= 500) problems.push(`${what(v)} (inside): answered ${sent.status}`);
          }
          for (const v of outside) {
            if (accepts(schema, v)) throw new Error(`${what(v)}: not outside the document's own rule`);
            const sent = await send(name, e, { ...(await make(field)), [field]: where === 'query' ? String(v) : v });
            outsideSent += 1;
            if (sent.status !== 400) problems.push(`${what(v)} (outside): answered ${sent.status}, not 400${sent.message ? `: ${sent.message}` : ''}`);
          }
        }
      }
    }

    // Every status answered in the walk is one the operation lists.
    for (const [name, seen] of statuses) {
      const e = table[name]!;
      const listed = Object.keys(doc.paths[e.path]![e.method.toLowerCase()]!.responses).map(Number);
      const unlisted = [...seen].filter((s) => !listed.includes(s));
      if (unlisted.length) problems.push(`${name}: answered ${unlisted.join(', ')}, which its responses do not list (${listed.join(', ')})`);
    }
    console.log(
      `api reference on ${kind}: ${bounds} bounds checked (${insideSent} values just inside, ${outsideSent} just outside) ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s; inside answered ${JSON.stringify(byOutcome)}; slowest ` +
        Object.entries(spent).sort((a, b) => b[1] - a[1]).slice(0, 4).map(([op, ms]) => `${op} ${(ms / 1000).toFixed(1)} s`).join(', '),
    );
    expect(problems).toEqual([]);
    expect(bounds).toBeGreaterThan(150);
  }, 300_000);

  it('lists the refusals every operation answers: no session, a role it leaves out, a body that is not JSON or too large', async () => {
    const problems: string[] = [];
    for (const [name, e] of Object.entries(endpoints as Record<string, Endpoint>)) {
      const listed = Object.keys(doc.paths[e.path]![e.method.toLowerCase()]!.responses).map(Number);
      const seen: number[] = [];
      const input = base[name] ? await base[name]() : {};
      if (e.policy !== 'public') seen.push((await send(name, e, input, { token: null })).status);
      if (e.policy !== 'public' && !rolesOf(e).includes('investor')) seen.push((await send(name, e, input, { token: books.investors.A })).status);
      if (e.method === 'POST') {
        seen.push((await send(name, e, input, { raw: { type: 'application/xml', body: '<a/>' } })).status);
        const limit = e.bodyLimit ?? 64 * 1024;
        seen.push((await send(name, e, input, { raw: { type: 'application/json', body: JSON.stringify({ x: 'y'.repeat(limit) }) } })).status);
      }
      const unlisted = seen.filter((s) => !listed.includes(s));
      if (unlisted.length) problems.push(`${name}: answered ${unlisted.join(', ')}, which its responses do not list (${listed.join(', ')})`);
      // And none listed that its kind cannot answer: a public call is never 401 for want of a session, nor 403.
      if (e.policy === 'public' && listed.includes(403)) problems.push(`${name}: a public call lists 403`);
      // 403: a role the entry leaves out, a token on a session-only call, a read-only token on a write (refusalsOf).
      const forbids = e.policy !== 'public' && (rolesOf(e).length < ROLES.length || Boolean(e.sessionOnly) || e.method === 'POST');
      if (forbids !== listed.includes(403)) problems.push(`${name}: ${forbids ? 'does not list' : 'lists'} 403, which it ${forbids ? 'can' : 'cannot'} answer`);
      if (e.method === 'GET' && (listed.includes(413) || listed.includes(415))) problems.push(`${name}: a GET lists a body refusal`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

/** A 1×1 transparent PNG. */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/**
 * A picture upload's `data` of exactly n characters: a data: URL prefix (at most 100 characters before
 * the comma) and the base64 of a PNG of at most 2 MiB, so that the longest text allowed is a picture allowed.
 */
function pictureData(n: number): string | undefined {
  const MAX_BYTES = 2 * 1024 * 1024;
  for (let bytes = Math.min(MAX_BYTES, Math.floor(n / 4) * 3); bytes >= PNG_SIGNATURE.length; bytes -= 1) {
    const prefix = n - Math.ceil(bytes / 3) * 4;
    if (prefix > 106) return undefined;
    if (prefix === 0 || prefix >= 6) {
      const png = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(bytes - PNG_SIGNATURE.length)]).toString('base64');
      return (prefix === 0 ? '' : `data:${'a'.repeat(prefix - 6)},`) + png;
    }
  }
  return undefined;
}
