import type { Handlers } from '../../http/handlers.js';
import type { DistributionRunsService } from './distribution-runs.service.js';
import type { RunFiles } from './run-files.js';

/** Distribution runs' calls (contract/endpoints.ts, "distribution runs"). */
export const distributionRunsRoutes = (runs: DistributionRunsService, files: RunFiles) =>
  ({
    draftDistributionRun: ({ body, write }) => runs.draft(body, write()),
    distributionRuns: () => runs.list(),
    distributionRun: ({ query }) => runs.get(query.id),
    changeDistributionLine: ({ body, write }) => runs.changeLine(body, write()),
    approveDistributionRun: ({ body, write }) => runs.approve(body, write()),
    cancelDistributionRun: ({ body, write }) => runs.cancel(body, write()),
    distributionRunNacha: ({ query }) => files.nacha(query.id),
    distributionRunCsv: ({ query }) => files.csv(query.id),
    distributionRunChecks: ({ query }) => files.checks(query.id),
  }) satisfies Partial<Handlers>;
