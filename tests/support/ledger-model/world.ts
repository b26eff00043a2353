import type { PropertyType } from '../../../src/contract/values/property-types.js';
import { seedAs, type TestApp } from '../test-app.js';

/**
 * The master data of the model-based ledger test: two LLCs, four properties (two rentals, a land
 * contract, an "other"), four investors with different fees and a few categories, recorded through the
 * API once (the template), with the ids the database gave them (the rounding rules break ties by id).
 */
const LLCS = ['Birch Holdings LLC', 'Cedar Partners LLC'] as const;

const PROPERTIES: { name: string; llc: (typeof LLCS)[number]; type: PropertyType }[] = [
  { name: 'Birch House', llc: 'Birch Holdings LLC', type: 'rental' },
  { name: 'Birch Lot', llc: 'Birch Holdings LLC', type: 'land_contract' },
  { name: 'Cedar Flats', llc: 'Cedar Partners LLC', type: 'rental' },
  { name: 'Cedar Barn', llc: 'Cedar Partners LLC', type: 'other' },
];

const INVESTORS = [
  { name: 'Ann', fee: '0.10' },
  { name: 'Ben', fee: '0' },
  { name: 'Cal', fee: '0.05' },
  { name: 'Dee', fee: '0.25' },
];

/** Seeded categories plus one of each scope added through the API. */
export const CATEGORIES = {
  income: ['Rent', 'Late fees', 'Parking income'],
  property_expense: ['Repairs', 'Taxes', 'HOA dues'],
  llc_expense: ['Bank fees', 'Registered agent'],
} as const;

export type World = {
  llcs: { name: string; id: number }[];
  properties: { name: string; llc: string; type: PropertyType; pictureUrl: string; id: number }[];
  investors: { name: string; feeBps: number; id: number }[];
  llcId(name: string): number;
  propertyId(name: string): number;
  investorId(name: string): number;
  property(name: string): World['properties'][number];
};

export const INVESTOR_NAMES = INVESTORS.map((i) => i.name);
export const PROPERTY_NAMES = PROPERTIES.map((p) => p.name);
export const LLC_NAMES: string[] = [...LLCS];

/** Records the master data through the API as an admin would, and answers it with its ids. */
export async function addMasterData(t: TestApp, adminToken: string): Promise<World> {
  const post = seedAs(t, adminToken);
  for (const [k, name] of LLCS.entries()) {
    await post('/admin/add_llc', {
      llc_name: name, address: `${k + 1} Grove Road, Springfield, IL`, date_started: '2024-06-01',
      principal_business_activity: 'Real estate rental', principal_product: 'Residential rental housing', business_code_number: '531110',
    });
  }
  for (const p of PROPERTIES) {
    await post('/admin/add_investment_property', {
      property_name: p.name, address: `${p.name} Lane, Springfield, IL`, purchase_date: '2024-12-01', purchase_price: '200000.00',
      land_value: '40000.00', property_value: '210000.00', llc: p.llc, property_type: p.type, picture_url: pictureOf(p.name),
    });
  }
  for (const i of INVESTORS) await post('/admin/add_investor', { name: i.name, email: '', phone: '', address: '', fee_percentage: i.fee });
  await post('/admin/add_expense_category', { expense_category: 'Parking income', scope: 'income' });
  await post('/admin/add_expense_category', { expense_category: 'HOA dues' });
  await post('/admin/add_expense_category', { expense_category: 'Registered agent', scope: 'llc_expense' });

  const ids = async (table: 'llc' | 'property' | 'investor') =>
    new Map((await t.testDb.db.query<{ id: number; name: string }>(`SELECT id, name FROM ${table}`)).map((r) => [r.name, r.id]));
  const [llcIds, propertyIds, investorIds] = [await ids('llc'), await ids('property'), await ids('investor')];
  const need = (m: Map<string, number>, name: string) => m.get(name) ?? fail(`no id for ${name}`);
  const world: World = {
    llcs: LLCS.map((name) => ({ name, id: need(llcIds, name) })),
    properties: PROPERTIES.map((p) => ({ ...p, pictureUrl: pictureOf(p.name), id: need(propertyIds, p.name) })),
    investors: INVESTORS.map((i) => ({ name: i.name, feeBps: Math.round(Number(i.fee) * 10000), id: need(investorIds, i.name) })),
    llcId: (name) => need(llcIds, name),
    propertyId: (name) => need(propertyIds, name),
    investorId: (name) => need(investorIds, name),
    property: (name) => world.properties.find((p) => p.name === name) ?? fail(`no property ${name}`),
  };
  return world;
}

const pictureOf = (name: string) => `https://example.com/${name.toLowerCase().replace(/\W+/g, '-')}.jpg`;

function fail(message: string): never {
  throw new Error(message);
}
