import type { Reply } from '../../contract/endpoint';
import type { endpoints } from '../../contract/endpoints';
import { isStaff } from '../../contract/roles';
import { callRoute } from './api-client';
import { getToken } from './session';
import { sessionCalls } from './session-calls';

type AdminLevel = Reply<typeof endpoints.adminLevel>;
type InvestorSummary = Reply<typeof endpoints.investorSummary>;

/**
 * The reads a signed-in page opens with, asked by main.tsx as the app starts to load, beside its code
 * rather than after it (docs/performance.md: on a phone each read waited a round trip for the code before
 * it, and the investor's figures for both). The routed app takes the answers into its query cache
 * (routed-app.tsx `answeredAlready`): the same reads, keys and answers, asked sooner.
 */
export type EarlyReads = {
  /** The admin check: the navigation bar's Admin link, /investor's landing. */
  adminLevel: Promise<AdminLevel>;
  /**
   * The investor summary of /investor/{name}, or of /investor once the admin check says the person is
   * not staff (admin, bookkeeper, auditor have none of their own: asked, it would only be refused). null: not asked.
   */
  investorSummary: { investorName: string | undefined; answer: Promise<InvestorSummary | null> } | null;
};

const SIGNED_IN = /^\/(investor|admin|account)(\/|$)/;
const INVESTOR = /^\/investor(?:\/([^/]+))?\/?$/;

/** Whether `path` is a page of the signed-in layout and a session is stored. */
export const signedInPage = (path: string): boolean => getToken() !== null && SIGNED_IN.test(path);

/** Starts the reads of `path`; null where there is no session or no signed-in page. */
export function startEarlyReads(path: string): EarlyReads | null {
  if (!signedInPage(path)) return null;
  const adminLevel = callRoute(sessionCalls.adminLevel);
  adminLevel.catch(() => undefined); // the app's own query reports a failure
  const investor = INVESTOR.exec(path);
  let investorSummary: EarlyReads['investorSummary'] = null;
  if (investor) {
    let investorName: string | undefined;
    try {
      investorName = investor[1] === undefined ? undefined : decodeURIComponent(investor[1]);
    } catch {
      return { adminLevel, investorSummary: null }; // a malformed address: the page says so itself
    }
    const ask = () => callRoute(sessionCalls.investorSummary, { query: { investor_name: investorName } });
    // A delegate's /investor names the record it reads (the page asks once it knows them): nothing to ask here.
    const answer = investorName !== undefined ? ask() : adminLevel.then((r) => (isStaff(r.role) || r.role === 'delegate' ? null : ask()));
    answer.catch(() => undefined);
    investorSummary = { investorName, answer };
  }
  return { adminLevel, investorSummary };
}
