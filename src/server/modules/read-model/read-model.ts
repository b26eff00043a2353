/**
 * The read model as other modules see it (docs/architecture.md): the books at a date, the answers kept of
 * them and how a read is declared, and the few reads of the books that writes check limits with. Other
 * modules import from here, never from read-model's own files; the bytes of a kept reply are not here
 * (only http/register-endpoints.ts takes them, from kept-reply.ts).
 */
export {
  createBooksService,
  investorAt,
  investorBooks,
  investorBooksScopes,
  type BooksService,
  type InvestorAt,
  type InvestorBooks,
  type InvestorDay,
} from './books.service.js';
export { balancesOf, type Balances } from './balances.js';
export { declareRead, scopes, type DeclaredRead } from './declared-read.js';
export { answerKey, createKeptAnswers, MissingName, type KeptAnswers, type Named } from './kept-answers.js';
export type { KeptReply } from './kept-reply.js';
export { createAnswerRefresher, type AnswerRefresher } from './answer-refresher.js';
export { alongside, perInvestor, perLlc, registered, type AheadLlc, type RegisteredRead } from './registered-read.js';
export { ANSWER_FORMAT } from './answer-format.js';
export { forgetOtherAnswers, scopeVersions } from './answer-cache.repository.js';
export { movementsOfKinds, readBooks, totalsOfKinds } from './books.repository.js';
