/**
 * A synthetic portfolio for measuring speed at scale (docs/performance.md): deterministic from a seed, shaped like
 * a real group's books (monthly rents, several expenses a month, deposits, land-contract payments, LLC
 * fees, quarterly cash withdrawals, the odd return of capital), and valid by construction: withdrawals
 * take a third of what the investor's share earned, so no limit is ever reached.
 * Everything is expressed as API requests ([path, body] with the contract's field names), so one plan
 * can be loaded through the API or by the batched loader (load.ts) and the two compared.
 */

export type Tier = { llcs: number; properties: number; investors: number; firstYear: number; years: number };

export const TIERS = {
  /** For the test that loads the same plan both ways: a few hundred entries. */
  tiny: { llcs: 2, properties: 5, investors: 6, firstYear: 2024, years: 2 },
  /** ≈ 20,000 entries: a large real group. */
  small: { llcs: 3, properties: 30, investors: 40, firstYear: 2016, years: 10 },
  /** ≈ 1.3 million entries: 75× the small tier. */
  large: { llcs: 50, properties: 2000, investors: 2000, firstYear: 2016, years: 10 },
} satisfies Record<string, Tier>;
export type TierName = keyof typeof TIERS;

export type Request = [path: string, body: Record<string, unknown>];

import { prng } from '../../tests/support/prng.js';

const EXPENSES = ['Repairs', 'Utilities', 'Insurance', 'Taxes', 'Cleaning and maintenance', 'Advertising', 'Legal and other professional fees'];
const FEES = ['0.0', '0.05', '0.10'];

const pad = (n: number) => String(n).padStart(2, '0');
/** Month index (months since year 0) → 'YYYY-MM'. */
const ym = (m: number) => `${Math.floor(m / 12)}-${pad((m % 12) + 1)}`;
const money = (cents: number) => `${Math.floor(cents / 100)}.${pad(cents % 100)}`;

export type Holding = { investor: number; property: number; cents: number };
type PropertyPlan = { name: string; llc: number; type: 'rental' | 'land_contract' | 'other'; firstMonth: number; priceCents: number; monthlyCents: number };

export type Portfolio = {
  llcs: Request[];
  properties: Request[];
  investors: Request[];
  /** Every money request, property by property; `inDateOrder()` sorts them as an admin would enter them. */
  entries(): Generator<Request>;
  inDateOrder(): Request[];
  /** Who holds what, by name: the benchmark's random investor-property pairs. */
  holdings: { investor: string; property: string }[];
};

export function scalePortfolio(tier: Tier, seed = 42): Portfolio {
  const rng = prng(seed);
  const lastMonth = (tier.firstYear + tier.years) * 12 - 1;
  const llcName = (l: number) => `Scale Holdings ${l + 1} LLC`;
  const investorName = (i: number) => `Investor ${String(i + 1).padStart(4, '0')}`;

  const properties: PropertyPlan[] = Array.from({ length: tier.properties }, (_, p) => {
    const priceCents = rng.int(1000, 5000) * 100_00; // 100,000.00 – 500,000.00 in steps of 100.00
    const type = p % 10 === 9 ? 'land_contract' : p % 10 === 8 ? 'other' : 'rental';
    return {
      name: `${100 + p} Scale Street`, llc: p % tier.llcs, type,
      firstMonth: tier.firstYear * 12 + ((p * 7) % Math.min(24, tier.years * 6)),
      priceCents, monthlyCents: Math.round(priceCents * (type === 'land_contract' ? 0.01 : 0.009) / 100) * 100,
    };
  });

  // Owners by round robin, so every investor holds something; shares split the purchase price.
  const holdings: Holding[] = [];
  let next = 0;
  for (const [p, prop] of properties.entries()) {
    const owners = Math.min(rng.int(1, 4), tier.investors);
    const weights = Array.from({ length: owners }, () => rng.int(1, 4));
    const total = weights.reduce((s, w) => s + w, 0);
    let left = prop.priceCents;
    for (const [k, w] of weights.entries()) {
      const cents = k === owners - 1 ? left : Math.floor((prop.priceCents * w) / total / 100) * 100;
      left -= cents;
      holdings.push({ investor: (next++ % tier.investors), property: p, cents });
    }
  }
  const fees = Array.from({ length: tier.investors }, (_, i) => FEES[i % FEES.length]!);

  function* propertyEntries(p: number): Generator<Request> {
    const prop = properties[p]!;
    const rng = prng(seed * 100_003 + p); // its own stream: the same entries however often they are generated
    const day = (m: number, d: number) => `${ym(m)}-${pad(d)}`;
    for (const h of holdings) {
      if (h.property === p) yield ['/admin/add_investment', { property_name: prop.name, investor_name: investorName(h.investor), date: day(prop.firstMonth, 2), amount: money(h.cents) }];
    }
    if (prop.type === 'rental') {
      yield ['/admin/add_rental_deposit', { property_name: prop.name, amount: money(prop.monthlyCents), date: day(prop.firstMonth, 10), notes: 'Security deposit' }];
    }
    for (let m = prop.firstMonth; m <= lastMonth; m++) {
      if (prop.type === 'land_contract') {
        yield ['/admin/record_lc_payment', { payment_date: day(m, 3), property_name: prop.name, description: `Payment ${ym(m)}`, amount: money(prop.monthlyCents) }];
      } else {
        yield ['/admin/record_property_income', { income_date: day(m, 3), income_for_month: `${ym(m)}-01`, property_name: prop.name, description: `Rent ${ym(m)}`, amount: money(prop.monthlyCents), income_category: 'Rent' }];
      }
      const count = prop.type === 'land_contract' ? rng.int(1, 2) : rng.int(3, 6);
      for (let k = 0; k < count; k++) {
        const category = EXPENSES[rng.int(0, EXPENSES.length - 1)]!;
        const cents = Math.round((prop.monthlyCents * rng.int(2, 6)) / 100);
        yield ['/admin/record_property_expense', { expense_date: day(m, 5 + 3 * k), expense_for_month: `${ym(m)}-01`, property_name: prop.name, description: `${category} ${ym(m)} #${k + 1}`, amount: money(cents), expense_category: category, payer: 'Manager' }];
      }
    }
  }

  function* otherEntries(): Generator<Request> {
    for (let l = 0; l < tier.llcs; l++) {
      const first = Math.min(...properties.filter((p) => p.llc === l).map((p) => p.firstMonth));
      for (let m = first; m <= lastMonth; m++) {
        yield ['/admin/record_llc_expense', { expense_date: `${ym(m)}-20`, llc_name: llcName(l), description: `Bank fees ${ym(m)}`, amount: '15.00', expense_category: 'Bank fees', payer: 'Bank' }];
      }
    }
    // Quarterly cash withdrawals: a third of what the investor's holdings earned in the quarter after fees.
    for (let i = 0; i < tier.investors; i++) {
      const mine = holdings.filter((h) => h.investor === i);
      const feeFactor = 1 - Number(fees[i]);
      const first = Math.min(...mine.map((h) => properties[h.property]!.firstMonth));
      for (let m = first + 3; m <= lastMonth; m++) {
        if (m % 3 !== 2) continue;
        const earned = mine.reduce((s, h) => {
          const prop = properties[h.property]!;
          const months = Math.max(0, Math.min(3, m - prop.firstMonth));
          return s + Math.floor((prop.monthlyCents * months * h.cents) / prop.priceCents);
        }, 0);
        const cents = Math.floor((earned * feeFactor) / 3);
        if (cents > 0) yield ['/admin/record_cash_withdrawal', { investor_name: investorName(i), date: `${ym(m)}-28`, description: `Distribution ${ym(m)}`, amount: money(cents) }];
      }
    }
    // Every 20th holding returns a tenth of its capital in its sixth year.
    for (const [k, h] of holdings.entries()) {
      if (k % 20 !== 0) continue;
      const m = properties[h.property]!.firstMonth + 60;
      if (m > lastMonth) continue;
      yield ['/admin/record_investment_withdrawal', { investor_name: investorName(h.investor), property_name: properties[h.property]!.name, date: `${ym(m)}-15`, amount: money(Math.floor(h.cents / 1000) * 100) }];
    }
  }

  function* entries(): Generator<Request> {
    for (let p = 0; p < properties.length; p++) yield* propertyEntries(p);
    yield* otherEntries();
  }

  const plan = { llcs: [] as Request[], properties: [] as Request[], investors: [] as Request[] };
  for (let l = 0; l < tier.llcs; l++) {
    plan.llcs.push(['/admin/add_llc', { llc_name: llcName(l), address: `${l + 1} Main Street`, date_started: `${tier.firstYear}-01-01`, principal_business_activity: 'Real estate rental', principal_product: 'Residential rental housing', business_code_number: '531110' }]);
  }
  for (const prop of properties) {
    plan.properties.push(['/admin/add_investment_property', { property_name: prop.name, address: `${prop.name}, Springfield`, purchase_date: `${ym(prop.firstMonth)}-01`, purchase_price: money(prop.priceCents), land_value: money(Math.floor(prop.priceCents / 500) * 100), property_value: money(prop.priceCents), llc: llcName(prop.llc), property_type: prop.type, picture_url: `/pictures/scale-${properties.indexOf(prop) % 10}.jpg` }]);
  }
  for (let i = 0; i < tier.investors; i++) {
    plan.investors.push(['/admin/add_investor', { name: investorName(i), email: `investor${i + 1}@example.com`, phone: '', address: '', fee_percentage: fees[i]! }]);
  }
  const named = holdings.map((h) => ({ investor: investorName(h.investor), property: properties[h.property]!.name }));
  return { ...plan, entries, inDateOrder, holdings: named };

  function inDateOrder(): Request[] {
    const all = [...entries()];
    const dateOf = ([, b]: Request) => String(b.date ?? b.income_date ?? b.expense_date ?? b.payment_date);
    // Stable: within a day, the generator's order (investments before the rest of the month).
    return all.map((r, k) => ({ r, k, d: dateOf(r) })).sort((a, b) => (a.d < b.d ? -1 : a.d > b.d ? 1 : a.k - b.k)).map((x) => x.r);
  }
}
