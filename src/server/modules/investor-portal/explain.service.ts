import type { ExplainFigure, ExplainResponse } from '../../../contract/schemas/explain.js';
import type { SessionUser } from '../auth/auth.js';
import type { KeptAnswers, KeptReply } from '../read-model/read-model.js';
import { explainRead } from './investor-reads.js';
import { foundOr, type InvestorPortalService } from './investor-portal.service.js';

/** `month`: a history row's month ('YYYY-MM-01'), for the figures its table adds up to (the contract checks which). */
export type ExplainRequest = { investorName?: string; figure: ExplainFigure; propertyName?: string; asOf?: string; month?: string };

/** GET /api/explain: one figure of the investor summary or property detail with its math (investor-reads.ts). */
export function createExplainService({ kept, investorPortal }: { kept: KeptAnswers; investorPortal: InvestorPortalService }) {
  return {
    /** An investor's own figures; an admin's of anyone (docs/security.md Z2), kept per version of the books like the summary. */
    async explain(user: SessionUser, req: ExplainRequest): Promise<KeptReply<ExplainResponse>> {
      const date = investorPortal.asOfDate(req.asOf);
      const investorId = await investorPortal.readableInvestorId(user, req.investorName);
      const params = { investorId, date, figure: req.figure, propertyId: null, month: req.month };
      if (!req.propertyName) return kept.reply(explainRead, params);
      return foundOr(await kept.replyNamed(explainRead, params, [{ table: 'property', name: req.propertyName, field: 'propertyId' }]));
    },
  };
}

export type ExplainService = ReturnType<typeof createExplainService>;
