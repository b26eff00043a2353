import { MAPLE_LLC } from '../fixtures/maple.js';
import { seedAs, type TestApp } from './test-app.js';

/**
 * A second LLC beside the Maple books, for tests of what one LLC's writes change in the other's answers:
 * Birch, with property R, where D and also A invest, and three months of R's rent.
 */
export const BIRCH = { ...MAPLE_LLC, llc_name: 'Birch Holdings LLC', address: '9 Birch Lane, Springfield, IL' };
export const R = {
  property_name: 'R', address: '3 Birch Lane, Springfield, IL', purchase_date: '2024-02-01', purchase_price: '80000.00',
  land_value: '20000.00', property_value: '90000.00', llc: BIRCH.llc_name, property_type: 'rental', picture_url: 'https://example.com/r.jpg',
};

/** Records Birch into books that hold the Maple example, as the admin whose token is given. */
export async function withBirch(t: TestApp, admin: string): Promise<void> {
  const post = seedAs(t, admin);
  await post('/admin/add_llc', BIRCH);
  await post('/admin/add_investment_property', R);
  await post('/admin/add_investor', { name: 'D', email: 'd@example.com', phone: '', address: '', fee_percentage: '0.0' });
  await post('/admin/add_investment', { property_name: 'R', investor_name: 'D', date: '2024-02-01', amount: '60000.00' });
  await post('/admin/add_investment', { property_name: 'R', investor_name: 'A', date: '2024-02-01', amount: '20000.00' });
  for (const m of ['03', '04', '05']) {
    await post('/admin/record_property_income', {
      income_date: `2024-${m}-02`, income_for_month: `2024-${m}-01`, property_name: 'R', description: `R rent ${m}`, amount: '900.00', income_category: 'Rent',
    });
  }
}
