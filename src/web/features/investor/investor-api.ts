import type { InvestorPropertyResponse, InvestorSummaryResponse } from '../../../contract/investor';
import { api } from '../../lib/api-client';

/** The investor portal's two calls (portal-spec §7), typed by the shared contract. */

/** Without a name the server answers for the signed-in investor (the /investor route). */
export const getInvestorSummary = (investorName?: string) =>
  api<InvestorSummaryResponse>('/api/investor_summary', { query: { investor_name: investorName } });

export const getInvestorProperty = (propertyName: string, investorName?: string) =>
  api<InvestorPropertyResponse>('/api/investor_property', {
    query: { property_name: propertyName, investor_name: investorName },
  });

/** The investors an administrator may open (admins only; the server refuses anyone else). */
export const getInvestorNames = () =>
  api<{ investors_list: string[] }>('/admin/get_admin_helpers').then((h) => h.investors_list ?? []);
