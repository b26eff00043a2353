import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createTokenSigner } from './modules/auth/tokens.js';
import { createInvestorsService } from './modules/investors/investors.service.js';
import { createUsersService } from './modules/users/users.service.js';
import { createCategoriesService } from './modules/categories/categories.service.js';
import { createIdempotentRunner } from './modules/idempotency/idempotency.service.js';
import { createEntryWriter } from './modules/ledger/entry-writer.js';
import { createRecordingService, recordingBuilders } from './modules/recording/recording.service.js';
import { createWithdrawalsService, withdrawalBuilders } from './modules/withdrawals/withdrawals.service.js';
import { createAnswerRefresher, createBooksService, createKeptAnswers } from './modules/read-model/read-model.js';
import { declaredReads } from './declared-reads.js';
import { createLlcsService } from './modules/llcs/llcs.service.js';
import { createLorensService } from './modules/lorens/lorens.service.js';
import { createPropertiesService } from './modules/properties/properties.service.js';
import { createLandContractsService } from './modules/land-contracts/land-contracts.service.js';
import { createVoidService } from './modules/ledger/voids.js';
import { createCorrectionsService } from './modules/ledger/corrections.js';
import { createViewersService } from './modules/viewers/viewers.service.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { createPortalUsersService } from './modules/users/portal-users.service.js';
import { createPicturesService } from './modules/pictures/pictures.service.js';
import { createPeriodLockService } from './modules/period-lock/period-lock.service.js';
import { createFederalRatesService } from './modules/federal-rates/federal-rates.service.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createInvestorPortalService } from './modules/investor-portal/investor-portal.service.js';
import { createExplainService } from './modules/investor-portal/explain.service.js';
import { createStatementsService } from './modules/statements/statements.service.js';
import { createInvestorCorrectionsService } from './modules/investor-corrections/investor-corrections.service.js';
import { createStatementPublicationsService } from './modules/statement-publications/statement-publications.service.js';
import { createExportsService } from './modules/exports/exports.service.js';
import { createReconciliationService } from './modules/reconciliation/reconciliation.service.js';
import { createDocumentsService } from './modules/documents/documents.service.js';
import { createDbFileStore } from './modules/documents/db-file-store.js';
import { createNoticesService } from './modules/notices/notices.service.js';
import { createUpdatesService } from './modules/updates/updates.service.js';
import { createOutboxSender } from './modules/notices/outbox-sender.js';
import { createK1ConsentService } from './modules/k1-consent/k1-consent.service.js';
import { createK1BatchesService } from './modules/k1-batches/k1-batches.service.js';
import { createBankAccountsService } from './modules/bank-accounts/bank-accounts.service.js';
import { createAchSettingsService } from './modules/ach-settings/ach-settings.service.js';
import { createDistributionRunsService } from './modules/distribution-runs/distribution-runs.service.js';
import { createRunFiles } from './modules/distribution-runs/run-files.js';
import { createCapitalCallsService } from './modules/capital-calls/capital-calls.service.js';
import { createStaffService } from './modules/staff/staff.service.js';
import { createAccessService } from './modules/access/access.service.js';
import { createApiTokensService } from './modules/api-tokens/api-tokens.service.js';
import { createLlcBankAccountsService } from './modules/bank-import/llc-bank-accounts.service.js';
import { createBankRulesService } from './modules/bank-import/bank-rules.service.js';
import { createBankImportService } from './modules/bank-import/bank-import.service.js';
import { createLongWork } from './lib/long-work.js';

export type ServiceDeps = { config: Config; db: Db; clock: Clock; jwtSecret: string };

/** The composition root: every service, wired once, for the HTTP app, the CLI and the demo loader. */
export function createServices({ config, db, clock, jwtSecret }: ServiceDeps) {
  const portalName = config.portal.name;
  const runOnce = createIdempotentRunner({ db, clock });
  const { smtpUrl, from, portalUrl } = config.mail;
  const noticeSender = createOutboxSender({ db, smtpUrl, from, portalUrl });
  const notices = createNoticesService({ db, portalName, portalUrl, sending: noticeSender.sending });
  const record = createEntryWriter({ clock, runOnce });
  const books = createBooksService({ db, clock });
  const kept = createKeptAnswers({ db, coldGate: books.coldGate });
  const investorPortal = createInvestorPortalService({ books, kept });
  const reports = createReportsService({ books, kept });
  const longWork = createLongWork();
  const answersAhead = createAnswerRefresher({ db, reads: declaredReads, kept, today: books.today, waitWhile: longWork.busy });
  const distributionRuns = createDistributionRunsService({
    db, clock, books, notices, dataKey: config.dataKey, requireSecondApprover: config.requireSecondApprover,
  });
  const statements = createStatementsService({ books, investorPortal, portal: config.portal, clock });
  return {
    auth: createAuthService({
      db,
      clock,
      tokens: createTokenSigner(jwtSecret),
      portalName,
      attemptsPerMinute: config.authRateLimitPerMinute,
      adminMfaRequired: config.adminMfa === 'required',
      notices,
    }),
    users: createUsersService({ db, clock, portalName }),
    investors: createInvestorsService({ db, clock, dataKey: config.dataKey }),
    llcs: createLlcsService({ db, clock }),
    properties: createPropertiesService({ db, clock }),
    landContracts: createLandContractsService({ db, clock, portal: config.portal }),
    categories: createCategoriesService({ db, clock }),
    lorens: createLorensService({ db, clock }),
    books,
    kept,
    answersAhead,
    longWork,
    recording: createRecordingService({ record }),
    withdrawals: createWithdrawalsService({ books, record, notices }),
    distributionRuns,
    distributionRunFiles: createRunFiles({ db, clock, runs: distributionRuns }),
    voids: createVoidService({ clock, runOnce }),
    corrections: createCorrectionsService({ clock, runOnce, builders: { ...recordingBuilders, ...withdrawalBuilders(books) } }),
    viewers: createViewersService({ db }),
    audit: createAuditService({ db }),
    investorPortal,
    explain: createExplainService({ kept, investorPortal }),
    statements,
    investorCorrections: createInvestorCorrectionsService({ books }),
    reports,
    reconciliation: createReconciliationService({ db, today: books.today, adminSummary: reports.adminSummary }),
    exports: createExportsService({ db, reports, portal: config.portal, clock }),
    portalUsers: createPortalUsersService({ db, clock, notices }),
    pictures: createPicturesService({ db, clock }),
    periodLocks: createPeriodLockService({ db, clock }),
    federalRates: createFederalRatesService({ db, clock }),
    documents: createDocumentsService({ db, clock, files: createDbFileStore(db), notices }),
    notices,
    noticeSender,
    updates: createUpdatesService({ db, clock, notices }),
    k1Consent: createK1ConsentService({ db, clock }),
    k1Batches: createK1BatchesService({ db, clock, files: createDbFileStore(db), notices, dataKey: config.dataKey }),
    bankAccounts: createBankAccountsService({ db, clock, dataKey: config.dataKey, requireSecondApprover: config.requireSecondApprover, notices }),
    achSettings: createAchSettingsService({ db, clock }),
    capitalCalls: createCapitalCallsService({ db, clock, runOnce, addInvestment: recordingBuilders.addInvestment, notices }),
    apiTokens: createApiTokensService({ db, clock }),
    llcBankAccounts: createLlcBankAccountsService({ db, clock }),
    bankRules: createBankRulesService({ db, clock }),
    bankImports: createBankImportService({ db, clock, runOnce, builders: { ...recordingBuilders, ...withdrawalBuilders(books) }, notices }),
    staff: createStaffService({ db, clock }),
    statementPublications: createStatementPublicationsService({ db, clock, today: books.today, statements, notices }),
    access: createAccessService({ db, clock, books, investorPortal, notices, mailOn: noticeSender.sending }),
  };
}

export type Services = ReturnType<typeof createServices>;
