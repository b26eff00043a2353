import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { adminHelpersRoutes } from '../modules/admin-helpers/admin-helpers.routes.js';
import { auditRoutes } from '../modules/audit/audit.routes.js';
import { authRoutes } from '../modules/auth/auth.routes.js';
import { categoriesRoutes } from '../modules/categories/categories.routes.js';
import { investorPortalRoutes } from '../modules/investor-portal/investor-portal.routes.js';
import { explainRoutes } from '../modules/investor-portal/explain.routes.js';
import { statementsRoutes } from '../modules/statements/statements.routes.js';
import { investorCorrectionsRoutes } from '../modules/investor-corrections/investor-corrections.routes.js';
import { statementPublicationsRoutes } from '../modules/statement-publications/statement-publications.routes.js';
import { exportsRoutes } from '../modules/exports/exports.routes.js';
import { investorsRoutes } from '../modules/investors/investors.routes.js';
import { llcsRoutes } from '../modules/llcs/llcs.routes.js';
import { lorensRoutes } from '../modules/lorens/lorens.routes.js';
import { healthRoutes } from '../modules/health/health.routes.js';
import { manifestRoutes } from '../modules/manifest/manifest.routes.js';
import { propertiesRoutes } from '../modules/properties/properties.routes.js';
import { landContractsRoutes } from '../modules/land-contracts/land-contracts.routes.js';
import { reportsRoutes } from '../modules/reports/reports.routes.js';
import { portalUsersRoutes } from '../modules/users/portal-users.routes.js';
import { picturesRoutes } from '../modules/pictures/pictures.routes.js';
import { periodLockRoutes } from '../modules/period-lock/period-lock.routes.js';
import { federalRatesRoutes } from '../modules/federal-rates/federal-rates.routes.js';
import { recordingRoutes } from '../modules/recording/recording.routes.js';
import { viewersRoutes } from '../modules/viewers/viewers.routes.js';
import { withdrawalsRoutes } from '../modules/withdrawals/withdrawals.routes.js';
import { documentsRoutes } from '../modules/documents/documents.routes.js';
import { noticesRoutes } from '../modules/notices/notices.routes.js';
import { updatesRoutes } from '../modules/updates/updates.routes.js';
import { k1ConsentRoutes } from '../modules/k1-consent/k1-consent.routes.js';
import { k1BatchesRoutes } from '../modules/k1-batches/k1-batches.routes.js';
import { bankAccountsRoutes } from '../modules/bank-accounts/bank-accounts.routes.js';
import { achSettingsRoutes } from '../modules/ach-settings/ach-settings.routes.js';
import { distributionRunsRoutes } from '../modules/distribution-runs/distribution-runs.routes.js';
import { capitalCallsRoutes } from '../modules/capital-calls/capital-calls.routes.js';
import { staffRoutes } from '../modules/staff/staff.routes.js';
import { accessRoutes } from '../modules/access/access.routes.js';
import { apiTokensRoutes } from '../modules/api-tokens/api-tokens.routes.js';
import { bankAccountsAndRulesRoutes } from '../modules/bank-import/bank-accounts-and-rules.routes.js';
import { bankImportRoutes } from '../modules/bank-import/bank-import.routes.js';
import type { Services } from '../services.js';
import type { Handlers } from './handlers.js';

/** Every module's routes, one handler per endpoint of the table (the type refuses a missing one). */
export const allRoutes = (config: Config, db: Db, s: Services): Handlers => ({
  ...healthRoutes,
  ...manifestRoutes(config.portal),
  ...authRoutes(s.auth),
  ...investorPortalRoutes(s.investorPortal),
  ...explainRoutes(s.explain),
  ...statementsRoutes(s.statements),
  ...investorCorrectionsRoutes(s.investorCorrections),
  ...statementPublicationsRoutes(s.statementPublications),
  ...exportsRoutes(s.exports),
  ...adminHelpersRoutes(db),
  ...propertiesRoutes(s.properties),
  ...landContractsRoutes(s.landContracts),
  ...investorsRoutes(s.investors),
  ...llcsRoutes(s.llcs),
  ...categoriesRoutes(s.categories),
  ...lorensRoutes(s.lorens),
  ...recordingRoutes(s.recording),
  ...withdrawalsRoutes(s.withdrawals),
  ...distributionRunsRoutes(s.distributionRuns, s.distributionRunFiles),
  ...viewersRoutes(s.viewers, s.voids, s.corrections),
  ...auditRoutes(s.audit),
  ...reportsRoutes(s.reports),
  ...picturesRoutes(s.pictures),
  ...periodLockRoutes(s.periodLocks),
  ...federalRatesRoutes(s.federalRates),
  ...portalUsersRoutes(s.portalUsers, s.investors),
  ...documentsRoutes(s.documents),
  ...noticesRoutes(s.notices),
  ...updatesRoutes(s.updates),
  ...k1ConsentRoutes(s.k1Consent),
  ...k1BatchesRoutes(s.k1Batches),
  ...bankAccountsRoutes(s.bankAccounts),
  ...achSettingsRoutes(s.achSettings),
  ...capitalCallsRoutes(s.capitalCalls),
  ...staffRoutes(s.staff),
  ...accessRoutes(s.access),
  ...apiTokensRoutes(s.apiTokens),
  ...bankAccountsAndRulesRoutes(s.llcBankAccounts, s.bankRules),
  ...bankImportRoutes(s.bankImports),
});
