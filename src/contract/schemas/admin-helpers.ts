import { z } from 'zod';

/** GET /admin/get_admin_helpers: the option lists of the admin selectors (docs/product.md "Screens"). */
export const AdminHelpersResponse = z.object({
  property_types: z.array(z.string()),
  property_expense_categories: z.array(z.string()),
  property_income_categories: z.array(z.string()),
  rental_properties: z.array(z.string()),
  loren_list: z.array(z.string()),
  land_contract_properties: z.array(z.string()),
  investors_list: z.array(z.string()),
  portal_users_list: z.array(z.string()),
  llcs_list: z.array(z.string()),
  llc_expense_categories: z.array(z.string()),
  properties: z.array(z.string()),
  tax_years: z.array(z.number().int()),
  managers: z.array(z.string()),
});
export type AdminHelpersResponse = z.infer<typeof AdminHelpersResponse>;
