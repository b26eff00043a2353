import type { Runtime } from '../runtime.js';
import { findUserByUsername } from '../modules/users/users.repository.js';
import type { WriteContext } from '../lib/write-context.js';
import { isoDay } from '../domain/dates.js';
import { demoPicture, type DemoScene } from './demo-pictures.js';
import { endpoints, type Endpoints } from '../../contract/endpoints.js';
import type { BodyInput, ParsedBody } from '../../contract/endpoint.js';

type WithBody = { [K in keyof Endpoints]: Endpoints[K] extends { body: object } ? K : never }[keyof Endpoints];

/** The demo's text goes through the same parsers as a request body, so it is checked like one. */
function parsed<K extends WithBody>(key: K, raw: BodyInput<Endpoints[K]>): ParsedBody<Endpoints[K]> {
  return (endpoints[key] as { body: { parse(v: unknown): unknown } }).body.parse(raw) as ParsedBody<Endpoints[K]>;
}

/**
 * The demo portfolio: two LLCs, rentals, land contracts and a storage lot, four investors with portal
 * logins, and three years of monthly books ending this month. Everything is recorded through the same
 * service functions the API calls, so the demo obeys every rule the real books do.
 */
export const DEMO_PASSWORD = 'harbor lantern morning 58';
export const DEMO_INVESTORS = [
  { name: 'Alice Morgan', username: 'alice', fee: '0.10' },
  { name: 'Ben Carter', username: 'ben', fee: '0.05' },
  { name: 'Chloe Diaz', username: 'chloe', fee: '0.0' },
  { name: 'David Evans', username: 'david', fee: '0.10' },
] as const;

const LLCS = [
  { llc_name: 'Maple Holdings LLC', address: '100 Maple Ave, Springfield, IL 62701', date_started: '2019-03-01',
    principal_business_activity: 'Real estate rental', principal_product: 'Residential rental housing', business_code_number: '531110' },
  { llc_name: 'Cedar Land Partners LLC', address: '42 Cedar Rd, Peoria, IL 61602', date_started: '2020-05-15',
    principal_business_activity: 'Land sales on contract', principal_product: 'Seller-financed land', business_code_number: '531390' },
];

/** The demo's own pictures (demo-pictures.ts), stored by the portal: no outside host is needed to show them. */
const PICTURE = (scene: DemoScene) => scene;
const PROPERTIES = [
  { property_name: 'Oak Street Duplex', llc: 'Maple Holdings LLC', property_type: 'rental', address: '12 Oak St, Springfield, IL',
    purchase_date: '2019-04-10', purchase_price: '210000', land_value: '40000', property_value: '265000', picture_url: PICTURE('house') },
  { property_name: 'Birch Court Fourplex', llc: 'Maple Holdings LLC', property_type: 'rental', address: '8 Birch Ct, Springfield, IL',
    purchase_date: '2020-08-20', purchase_price: '385000', land_value: '60000', property_value: '430000', picture_url: PICTURE('fourplex') },
  { property_name: 'Elm Street Cottage', llc: 'Maple Holdings LLC', property_type: 'rental', address: '301 Elm St, Chatham, IL',
    purchase_date: '2024-05-30', purchase_price: '148000', land_value: '28000', property_value: '155000', picture_url: PICTURE('cottage') },
  { property_name: 'Willow Creek Lot 7', llc: 'Cedar Land Partners LLC', property_type: 'land_contract', address: 'Lot 7, Willow Creek Rd, Peoria, IL',
    purchase_date: '2021-02-01', purchase_price: '45000', land_value: '45000', property_value: '72000', picture_url: PICTURE('land') },
  { property_name: 'Pine Ridge Acreage', llc: 'Cedar Land Partners LLC', property_type: 'land_contract', address: 'Pine Ridge Rd, Tremont, IL',
    purchase_date: '2020-09-15', purchase_price: '38000', land_value: '38000', property_value: '54000', picture_url: PICTURE('land') },
  { property_name: 'Route 9 Storage Lot', llc: 'Cedar Land Partners LLC', property_type: 'other', address: '9900 Route 9, Pekin, IL',
    purchase_date: '2022-03-01', purchase_price: '96000', land_value: '30000', property_value: '110000', picture_url: PICTURE('storage') },
] as const;

/** Willow Creek's contract; its sale date and first due date follow the demo's window (loadDemoData). */
const WILLOW_TERMS = {
  property_name: 'Willow Creek Lot 7', lc_sale_price: '72000', lc_down_payment: '7200', lc_adjusted_basis: '45000', lc_rate_bps: 750,
  lc_installment: '855.00', lc_grace_days: 10, lc_buyer_name: 'Erik Hansen', lc_buyer_address: '18 Willow Creek Rd, Peoria, IL 61615',
} as const;
/** The months of the window (0 to 35) in which the Hansens paid late and paid short. */
const WILLOW_LATE = 9;
const WILLOW_SHORT = 22;

/** A small deterministic generator, so every demo has the same books. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `today` is the last day of the books: the server's today, or the test clock's. */
export async function loadDemoData(runtime: Runtime, print: (line: string) => void, today = isoDay(new Date())): Promise<void> {
  const { services, db } = runtime;
  const printLogins = () => {
    print('');
    if (process.env.ADMIN_PASSWORD === 'quiet ledger sunrise 24') print(`  Demo admin: ${process.env.ADMIN_USERNAME} / quiet ledger sunrise 24`);
    print('  Demo investor logins (password for all: ' + DEMO_PASSWORD + ')');
    for (const i of DEMO_INVESTORS) print(`    investor  ${i.username.padEnd(8)} ${i.name}${i.username === DEMO_ACCESS.entity.of ? ` (and ${DEMO_ACCESS.entity.name})` : ''}`);
    print(`    delegate  ${DEMO_ACCESS.delegate.username.padEnd(8)} ${DEMO_ACCESS.delegate.name}, reading ${DEMO_ACCESS.delegate.of}'s page`);
    for (const m of DEMO_ACCESS.staff) print(`    ${m.role.padEnd(9)} ${m.username.padEnd(8)} ${m.name}${'llc_names' in m ? ` (${m.llc_names.join(', ')})` : ''}`);
    print('');
  };
  const [existing] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM investor');
  if (existing!.n > 0) {
    print('Demo data is already loaded.');
    printLogins();
    return;
  }
  const adminName = process.env.ADMIN_USERNAME ?? 'admin';
  const admin = await findUserByUsername(db, adminName);
  if (!admin) throw new Error(`The demo needs the admin "${adminName}" to record its books.`);
  const ctx: WriteContext = { userId: admin.id, ip: '127.0.0.1', idempotency: null, quiet: true };
  const rand = seeded(20240101);
  const money = (base: number, spread: number) => (base + Math.round(rand() * spread * 100) / 100).toFixed(2);

  for (const llc of LLCS) await services.llcs.addLlc(parsed('addLlc', llc), ctx);
  for (const p of PROPERTIES) {
    const { picture_url } = await services.pictures.upload(parsed('uploadPicture', { data: demoPicture(p.picture_url).toString('base64') }), ctx);
    await services.properties.addProperty(parsed('addInvestmentProperty', { ...p, picture_url }), ctx);
  }
  await services.lorens.addLoren('Lakeside Loren', ctx);
  await services.categories.addCategory(parsed('addExpenseCategory', { expense_category: 'HOA dues' }), ctx);
  await services.categories.addCategory(parsed('addExpenseCategory', { expense_category: 'Property management' }), ctx);
  await services.properties.setNotes(parsed('setPropertyNotes', { property_name: 'Oak Street Duplex', notes: 'Two units. New roof 2023; furnace in unit B replaced 2025.' }), ctx);
  await services.properties.setNotes(parsed('setPropertyNotes', { property_name: 'Willow Creek Lot 7', notes: 'Sold on contract to the Hansen family, 7.5% over 10 years.' }), ctx);

  for (const inv of DEMO_INVESTORS) {
    const { secret } = await services.investors.addInvestor(
      parsed('addInvestor', { name: inv.name, email: `${inv.username}@example.com`, phone: '555-01' + pad(inv.name.length), address: 'Springfield, IL', fee_percentage: inv.fee }),
      ctx,
    );
    await services.auth.register({ username: inv.username, password: DEMO_PASSWORD, secret, ip: '127.0.0.1' });
  }

  // Thirty-six months ending with the current one; nothing is dated after today.
  const [ty, tm] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const months = Array.from({ length: 36 }, (_, k) => {
    const index = ty * 12 + (tm - 1) - 35 + k;
    return { y: Math.floor(index / 12), m: (index % 12) + 1 };
  });
  const first = months[0]!;
  const day = (ym: { y: number; m: number }, d: number) => `${ym.y}-${pad(ym.m)}-${pad(d)}`;
  const invest = (investor: string, property: string, date: string, amount: string) =>
    services.recording.addInvestment(parsed('addInvestment', { investor_name: investor, property_name: property, date, amount }), ctx);

  await invest('Alice Morgan', 'Oak Street Duplex', day(first, 5), '120000');
  await invest('Ben Carter', 'Oak Street Duplex', day(first, 5), '80000');
  await invest('Chloe Diaz', 'Birch Court Fourplex', day(first, 8), '150000');
  await invest('David Evans', 'Birch Court Fourplex', day(first, 8), '90000');
  await invest('Ben Carter', 'Willow Creek Lot 7', day(first, 2), '25000');
  await invest('David Evans', 'Pine Ridge Acreage', day(first, 2), '30000');
  await invest('Chloe Diaz', 'Route 9 Storage Lot', day(first, 10), '20000');
  // Willow Creek is sold on contract the day after Ben's investment, inside the window, and serviced from
  // the books (docs/product.md "Land contracts"): the down payment at the sale, 855.00 due the 1st of each month.
  const willowSale = day(first, 3);
  await services.landContracts.setTerms(parsed('setLandContractTerms', {
    ...WILLOW_TERMS, lc_sale_date: willowSale, lc_first_due_date: day(months[1]!, 1),
  }), ctx);
  await services.recording.recordLcPayment(parsed('recordLcPayment', { payment_date: willowSale, property_name: 'Willow Creek Lot 7', description: 'Hansen down payment', amount: '7200.00' }), ctx);
  await invest('Alice Morgan', 'Route 9 Storage Lot', day(first, 10), '15000');
  for (const [property, amount] of [['Oak Street Duplex', '3200'], ['Birch Court Fourplex', '5400']] as const) {
    await services.recording.addRentalDeposit(parsed('addRentalDeposit', { property_name: property, amount, date: day(first, 1), notes: 'Security deposits on file' }), ctx);
  }

  for (const [k, ym] of months.entries()) {
    const month = `${ym.y}-${pad(ym.m)}`;
    const dated = (d: number) => (day(ym, d) <= today ? day(ym, d) : null);
    const income = (property: string, d: number, amount: string, category: string, description: string) => {
      const date = dated(d);
      return date
        ? services.recording.recordPropertyIncome(parsed('recordPropertyIncome', { income_date: date, income_for_month: month, property_name: property, description, amount, income_category: category }), ctx)
        : undefined;
    };
    const expense = (property: string, d: number, amount: string, category: string, description: string) => {
      const date = dated(d);
      return date
        ? services.recording.recordPropertyExpense(parsed('recordPropertyExpense', { expense_date: date, expense_for_month: month, property_name: property, description, amount, expense_category: category, payer: adminName }), ctx)
        : undefined;
    };

    await income('Oak Street Duplex', 3, '3200.00', 'Rent', `Rent ${pad(ym.m)}/${ym.y}, units A and B`);
    await income('Birch Court Fourplex', 3, '5400.00', 'Rent', `Rent ${pad(ym.m)}/${ym.y}, four units`);
    await income('Route 9 Storage Lot', 5, money(1050, 120), 'Other rental income', `Storage rents ${pad(ym.m)}/${ym.y}`);
    await expense('Oak Street Duplex', 15, '310.00', 'Taxes', 'Property tax escrow');
    await expense('Oak Street Duplex', 15, '95.00', 'Insurance', 'Landlord policy');
    await expense('Birch Court Fourplex', 15, '540.00', 'Taxes', 'Property tax escrow');
    await expense('Birch Court Fourplex', 15, '160.00', 'Insurance', 'Landlord policy');
    await expense('Birch Court Fourplex', 20, '432.00', 'Property management', '8% management fee');
    await expense('Route 9 Storage Lot', 18, money(110, 40), 'Utilities', 'Lighting and gate power');
    if (rand() < 0.45) await expense('Oak Street Duplex', 22, money(120, 900), 'Repairs', 'Repair call');
    if (rand() < 0.55) await expense('Birch Court Fourplex', 24, money(150, 1400), 'Repairs', 'Repair call');
    if (k === 17) await expense('Birch Court Fourplex', 12, '9800.00', 'Repairs', 'Parking lot resurfacing');

    const lcDate = dated(1);
    // The Hansens' installments: none in the month of the sale, one month paid on the 18th (late), one
    // only 500.00 (short), made up with the next month's (1,210.00: that month's installment and the 355.00).
    const willowDate = k === WILLOW_LATE ? dated(18) : lcDate;
    if (k > 0 && willowDate) {
      await services.recording.recordLcPayment(parsed('recordLcPayment', { payment_date: willowDate, property_name: 'Willow Creek Lot 7', description: `Hansen payment ${pad(ym.m)}/${ym.y}`, amount: k === WILLOW_SHORT ? '500.00' : k === WILLOW_SHORT + 1 ? '1210.00' : '855.00' }), ctx);
    }
    if (lcDate) {
      await services.recording.recordLcPayment(parsed('recordLcPayment', { payment_date: lcDate, property_name: 'Pine Ridge Acreage', description: `Okafor payment ${pad(ym.m)}/${ym.y}`, amount: '520.00' }), ctx);
      await services.recording.recordLlcExpense(parsed('recordLlcExpense', { expense_date: lcDate, llc_name: 'Maple Holdings LLC', description: 'Monthly account fee', amount: '15.00', expense_category: 'Bank fees', payer: adminName }), ctx);
    }
    if (ym.m === 1 && dated(20)) {
      for (const llc of LLCS) await services.recording.recordLlcExpense(parsed('recordLlcExpense', { expense_date: day(ym, 20), llc_name: llc.llc_name, description: 'Annual report filing', amount: '300.00', expense_category: 'State fees', payer: adminName }), ctx);
    }
    if (ym.m === 3 && dated(15)) {
      for (const llc of LLCS) await services.recording.recordLlcExpense(parsed('recordLlcExpense', { expense_date: day(ym, 15), llc_name: llc.llc_name, description: `${ym.y - 1} partnership return`, amount: '1200.00', expense_category: 'Tax preparation', payer: adminName }), ctx);
    }
    if (k === 6) {
      // The cottage joins the portfolio half a year in: Alice buys in after closing.
      await invest('Alice Morgan', 'Elm Street Cottage', day(ym, 10), '40000');
      await services.recording.addRentalDeposit(parsed('addRentalDeposit', { property_name: 'Elm Street Cottage', amount: '1650.00', date: day(ym, 12), notes: 'Deposit, Lopez lease', loren_name: 'Lakeside Loren' }), ctx);
    }
    if (k > 6) await income('Elm Street Cottage', 4, '1650.00', 'Rent', `Rent ${pad(ym.m)}/${ym.y}`);
    if (k === 20 && dated(9)) {
      await services.recording.recordInvestorPropertyExpense(parsed('recordInvestorPropertyExpense', { investor: 'Ben Carter', expense_date: day(ym, 9), expense_for_month: month, property_name: 'Oak Street Duplex', description: 'Appraisal ordered by Ben', amount: '450.00', expense_category: 'Legal and other professional fees', payer: adminName }), ctx);
    }
    // Quarterly distributions: half of each investor's available cash, in whole dollars.
    if (ym.m % 3 === 0 && dated(28)) {
      for (const inv of DEMO_INVESTORS) {
        const available = await services.withdrawals.maxCashFor(inv.name);
        const amount = Math.floor(available / 2);
        if (amount >= 100) {
          await services.withdrawals.recordCashWithdrawal(parsed('recordCashWithdrawal', { investor_name: inv.name, date: day(ym, 28), description: `Q${ym.m / 3} ${ym.y} distribution`, amount: String(amount) }), ctx);
        }
      }
    }
    if (k === 14 && dated(27)) {
      await services.withdrawals.recordDepositWithdrawal(parsed('recordDepositWithdrawal', { property_name: 'Oak Street Duplex', date: day(ym, 27), notes: 'Unit B move-out, deposit refunded', amount: '1600.00' }), ctx);
      await services.recording.addRentalDeposit(parsed('addRentalDeposit', { property_name: 'Oak Street Duplex', amount: '1700.00', date: day(ym, 27), notes: 'Unit B new lease' }), ctx);
    }
    if (k === 24 && dated(10)) {
      await services.withdrawals.recordInvestmentWithdrawal(parsed('recordInvestmentWithdrawal', { investor_name: 'David Evans', property_name: 'Birch Court Fourplex', date: day(ym, 10), amount: '10000' }), ctx);
    }
    if (k === 24 && dated(28)) {
      await services.recording.recordLorenIncome(parsed('recordLorenIncome', { income_date: day(ym, 28), property_name: 'Route 9 Storage Lot', description: 'Billboard lease, six months', amount: '2400.00', start_date: day(ym, 1), end_date: day(months[k + 5] ?? ym, 28) }), ctx);
    }
  }

  await loadPayoutsDemo(runtime, ctx, { adminId: admin.id, adminName, today });
  // The IRA invests after 2025: every investment in an LLC moves its members' shares of the LLC's expenses,
  // and Alice's 2025 is a fixture of the statement tests.
  await loadAccessDemo(runtime, ctx, { adminId: admin.id, adminName, first: day(months[26]!, 10) });

  const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry');
  print(`Demo data loaded: 2 LLCs, ${PROPERTIES.length} properties, ${DEMO_INVESTORS.length + 1} investors, ${count!.n} ledger entries over 36 months.`);
  printLogins();
}

/** The demo's other logins (issue 29): one person's second entity, a delegate, and two staff roles. */
export const DEMO_ACCESS = {
  entity: { name: 'Alice Morgan IRA', of: 'alice' },
  delegate: { name: 'Sam Carter', username: 'sam', of: 'Ben Carter' },
  staff: [
    { name: 'Rita Booker', username: 'rita', role: 'bookkeeper' as const },
    { name: 'Carl Auditor', username: 'carl', role: 'auditor' as const, llc_names: ['Maple Holdings LLC'] },
  ],
} as const;

/**
 * Who else signs in: Alice's IRA (an investor record of its own, a share of Birch Court, held by Alice's
 * login beside her personal one), Ben's spouse reading his page as a delegate, a bookkeeper, and the CPA
 * as an auditor of Maple Holdings. Staff are asked to set up two-factor sign-in at their first sign-in.
 */
async function loadAccessDemo(runtime: Runtime, ctx: WriteContext, { adminId, adminName, first }: { adminId: number; adminName: string; first: string }) {
  const { services } = runtime;
  const { entity, delegate, staff } = DEMO_ACCESS;
  await services.investors.addInvestor(parsed('addInvestor', {
    name: entity.name, email: 'alice@example.com', phone: '555-0112', address: 'Springfield, IL', fee_percentage: '0.10',
  }), ctx);
  await services.recording.addInvestment(parsed('addInvestment', { investor_name: entity.name, property_name: 'Birch Court Fourplex', date: first, amount: '10000' }), ctx);
  await services.access.grantInvestorAccess({ username: entity.of, investor_name: entity.name }, ctx);
  const admin = { sessionId: 'demo', userId: adminId, username: adminName, adminLevel: 1, role: 'admin' as const, investorId: null, lastSeenAt: new Date(), expiresAt: new Date() };
  const invited = await services.access.inviteDelegate(admin, parsed('inviteDelegate', { investor_name: delegate.of, name: delegate.name }), ctx);
  await services.auth.register({ username: delegate.username, password: DEMO_PASSWORD, secret: invited.registration_secret!, ip: '127.0.0.1' });
  for (const member of staff) {
    const { registration_secret } = await services.staff.inviteStaff(parsed('inviteStaff', { name: member.name, role: member.role, ...('llc_names' in member ? { llc_names: [...member.llc_names] } : {}) }), ctx);
    await services.auth.register({ username: member.username, password: DEMO_PASSWORD, secret: registration_secret, ip: '127.0.0.1' });
  }
}

/**
 * What surrounds the books: the group's ACH details, bank accounts for two investors, an open capital call
 * for a roof, this quarter's distribution run as a draft to look at, and Maple's bank account with two
 * import rules. None of it writes to the ledger, so the figures above are what they were.
 */
async function loadPayoutsDemo(runtime: Runtime, ctx: WriteContext, { adminId, adminName, today }: { adminId: number; adminName: string; today: string }) {
  const { services } = runtime;
  await services.achSettings.change(parsed('changeAchSettings', {
    company_name: 'MAPLE HOLDINGS', company_id: '1273456789', originating_routing: '021000021', destination_routing: '021000021',
    destination_name: 'JPMORGAN CHASE', origin_name: 'MAPLE HOLDINGS LLC',
  }), ctx);
  if (services.bankAccounts.canSeal) {
    const admin = { sessionId: 'demo', userId: adminId, username: adminName, adminLevel: 1, role: 'admin' as const, investorId: null, lastSeenAt: new Date(), expiresAt: new Date() };
    for (const [investor_name, account_number] of [['Alice Morgan', '4402917738'], ['Chloe Diaz', '99120044561']] as const) {
      await services.bankAccounts.change(admin, parsed('changeBankAccount', {
        investor_name, routing_number: '011000015', account_number, account_type: 'checking',
      }), ctx);
    }
  }
  const inDays = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  await services.capitalCalls.issue(parsed('issueCapitalCall', {
    property_name: 'Oak Street Duplex', amount: '6000.00', due_date: inDays(30), purpose: 'Roof replacement, unit A',
    instructions: 'Wire to Maple Holdings LLC, account 4471 at First Springfield Bank, routing 011000015. Quote "Oak roof".',
  }), ctx);
  await services.distributionRuns.draft(parsed('draftDistributionRun', {
    date: today, mode: 'percent', percent: '50', minimum: '100.00', memo: 'Quarterly distribution (draft)',
  }), ctx);
  // Bank statements in (issue 30): Maple's operating account serves Oak Street, and two rules propose its usual bills.
  await services.llcBankAccounts.add(parsed('addLlcBankAccount', { llc_name: 'Maple Holdings LLC', name: 'Operating account', last4: '4821', property_names: ['Oak Street Duplex'] }), ctx);
  for (const [match_text, category] of [['HOME DEPOT', 'Repairs'], ['CITY WATER', 'Utilities']] as const) {
    await services.bankRules.add(parsed('addBankRule', { llc_name: 'Maple Holdings LLC', match_text, kind: 'property_expense', property_name: 'Oak Street Duplex', category }), ctx);
  }
}
