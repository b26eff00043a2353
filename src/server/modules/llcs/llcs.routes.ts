import type { Handlers } from '../../http/handlers.js';
import type { LlcsService } from './llcs.service.js';

/** LLCs and their tax-return header fields. */
export const llcsRoutes = (llcs: LlcsService) =>
  ({
    addLlc: ({ body, write }) => llcs.addLlc(body, write()),
    getLlc: ({ query }) => llcs.getLlc(query.llc_name),
    updateLlc: ({ body, write }) => llcs.updateLlc(body, write()),
  }) satisfies Partial<Handlers>;
