import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { bearer, createInvestorWithLogin, seedAs, signIn, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * A name finds the same answer whether it is kept or computed (src/server/lib/names.ts, the one name
 * rule): written composed (NFC) or decomposed (NFD), in capitals, with spaces around it. Each read is
 * asked cold (nothing kept) and then again kept, in every form, and every answer is the NFC one's.
 */

const LLC = { ...MAPLE_LLC, llc_name: 'Crème Brûlée LLC', address: '1 Rue Brûlée, Springfield, IL' };
const PROPERTY = {
  property_name: 'Café Ünïcode', address: '2 Rue Brûlée, Springfield, IL', purchase_date: '2024-01-01', purchase_price: '50000.00',
  land_value: '10000.00', property_value: '55000.00', llc: LLC.llc_name, property_type: 'rental', picture_url: 'https://example.com/cafe.jpg',
};
const INVESTOR = 'Zoë Ångström';

/** Every form a person or a client may send a name in. */
const forms = (name: string): [string, string][] => [
  ['NFC', name.normalize('NFC')],
  ['NFD', name.normalize('NFD')],
  ['capitals', name.normalize('NFC').toUpperCase()],
  ['capitals, NFD', name.toUpperCase().normalize('NFD')],
  ['spaces around', `  ${name.normalize('NFD')} `],
];

type Books = MapleBooks & { zoe: string };

async function withAccents(t: TestApp, admin: string): Promise<string> {
  const post = seedAs(t, admin);
  await post('/admin/add_llc', LLC);
  await post('/admin/add_investment_property', PROPERTY);
  const zoe = await createInvestorWithLogin(t, INVESTOR, { username: 'zoe', password: 'amber canyon whistle 77' });
  await post('/admin/add_investment', { property_name: PROPERTY.property_name, investor_name: INVESTOR, date: '2024-01-05', amount: '40000.00' });
  await post('/admin/add_investment', { property_name: PROPERTY.property_name, investor_name: 'A', date: '2024-01-05', amount: '10000.00' });
  for (const m of ['02', '03']) {
    await post('/admin/record_property_income', {
      income_date: `2024-${m}-02`, income_for_month: `2024-${m}-01`, property_name: PROPERTY.property_name, description: `Rent ${m}`, amount: '700.00', income_category: 'Rent',
    });
  }
  return zoe.token;
}

describe.each(DB_KINDS)('names in every Unicode form on %s', (kind) => {
  let template: AppTemplate<Books>;
  beforeAll(async () => {
    const maple = await mapleBooksTemplate(kind);
    template = await maple.extend(async (t, state) => ({ ...state, zoe: await withAccents(t, state.admin) }));
    await maple.close();
  });
  afterAll(() => template?.close());

  it('a read answers the same, cold and kept, for a name in any form', async () => {
    const t = await template.start({ ANSWERS_AHEAD: 'false' });
    try {
      const { admin } = template.state;
      // A sign-in of the copy: the template's investor token is valid on it too, but fresh is plainer.
      const zoe = await signIn(t.app, 'zoe', 'amber canyon whistle 77');
      const q = encodeURIComponent;
      const reads: { name: string; token: string; url: (form: (n: string) => string) => string }[] = [
        { name: 'investor summary', token: admin, url: (f) => `/api/investor_summary?investor_name=${q(f(INVESTOR))}` },
        { name: 'own summary', token: zoe, url: (f) => `/api/investor_summary?investor_name=${q(f(INVESTOR))}` },
        { name: 'investor property', token: admin, url: (f) => `/api/investor_property?investor_name=${q(f(INVESTOR))}&property_name=${q(f(PROPERTY.property_name))}` },
        { name: 'own property', token: zoe, url: (f) => `/api/investor_property?property_name=${q(f(PROPERTY.property_name))}` },
        { name: 'explanation', token: admin, url: (f) => `/api/explain?investor_name=${q(f(INVESTOR))}&figure=total_income&property_name=${q(f(PROPERTY.property_name))}` },
        { name: 'property details', token: admin, url: (f) => `/admin/get_property_details?selectedProperty=${q(f(PROPERTY.property_name))}` },
        { name: 'property taxes', token: admin, url: (f) => `/admin/property_taxes?selectedProperty=${q(f(PROPERTY.property_name))}&selectedTaxYear=2024` },
        { name: 'LLC taxes', token: admin, url: (f) => `/admin/llc_taxes?selectedLLC=${q(f(LLC.llc_name))}&selectedTaxYear=2024` },
      ];
      const get = async (url: string, token: string) => {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        return `${res.statusCode} ${res.body}`;
      };
      const forget = () => t.testDb.db.query('DELETE FROM answer_cache');

      for (const read of reads) {
        await forget();
        const nfc = await get(read.url((n) => n.normalize('NFC')), read.token);
        expect(nfc.slice(0, 3), `${read.name}: ${nfc}`).toBe('200');
        for (let i = 0; i < 5; i++) {
          const form = (n: string) => forms(n)[i]![1];
          const label = `${read.name}, ${forms(INVESTOR)[i]![0]}`;
          // Kept under the NFC name's key, then asked in this form.
          expect(await get(read.url(form), read.token), `${label}, kept from NFC`).toBe(nfc);
          // Nothing kept: computed from this form, then kept from it and asked again, and in NFC.
          await forget();
          expect(await get(read.url(form), read.token), `${label}, cold`).toBe(nfc);
          expect(await get(read.url(form), read.token), `${label}, kept`).toBe(nfc);
          expect(await get(read.url((n) => n.normalize('NFC')), read.token), `${label}, NFC after it`).toBe(nfc);
        }
      }
    } finally {
      await t.close();
    }
  }, 300_000);
});
