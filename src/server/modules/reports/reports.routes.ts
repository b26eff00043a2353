import type { Handlers } from '../../http/handlers.js';
import type { ReportsService } from './reports.service.js';

/** The admin's reports: the business at a glance, one property, the tax reports. */
export const reportsRoutes = (reports: ReportsService) =>
  ({
    adminSummary: () => reports.adminSummaryReply(),
    propertyDetails: ({ query }) => reports.propertyDetails(query.selectedProperty),
    llcTaxes: ({ query }) => reports.llcTaxesReply(query.selectedLLC, query.selectedTaxYear),
    propertyTaxes: ({ query }) => reports.propertyTaxesReply(query.selectedProperty, query.selectedTaxYear),
  }) satisfies Partial<Handlers>;
