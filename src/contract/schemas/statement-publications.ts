import { z } from 'zod';
import { IsoDate } from '../fields.js';

/**
 * Publishing a statement period: the admin says a period's statements are final, each investor who held
 * capital or cash in it is told by e-mail, and their page lists the period with its download. Dates
 * 'YYYY-MM-DD'; a period includes both ends, as the statements' do.
 */

const Period = { from: IsoDate('From'), to: IsoDate('To') };

export const PublishStatementsRequest = z.strictObject(Period);

export const PublishStatementsResponse = z.object({
  message: z.string(),
  id: z.number().int(),
  /** How many investors the period's statements are for (each told, if they have an address and want it). */
  investors: z.number().int(),
});

/** A publication as the admin sees it. */
export const StatementPublication = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** When it was published (ISO date-time). */
  published_at: z.string(),
  /** The admin's username; null when it was done from the console. */
  published_by: z.string().nullable(),
  investors: z.number().int(),
});
export type StatementPublication = z.infer<typeof StatementPublication>;

export const StatementPublicationsResponse = z.object({ publications: z.array(StatementPublication) });

export const PublishedStatementsQuery = z.strictObject({ investor_name: z.string().trim().max(100).optional() });

/** A published period of one investor: `from` and `to` are what GET /api/investor_statement takes. */
export const PublishedStatement = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  published_at: z.string(),
});
export type PublishedStatement = z.infer<typeof PublishedStatement>;

export const PublishedStatementsResponse = z.object({ investor_name: z.string(), statements: z.array(PublishedStatement) });
