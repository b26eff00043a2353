import type { Handlers } from '../../http/handlers.js';
import type { K1BatchesService } from './k1-batches.service.js';

/** K-1s in one upload (contract/endpoints.ts, "K-1s in one upload"). */
export const k1BatchesRoutes = (k1: K1BatchesService) =>
  ({
    uploadK1Batch: ({ body, write }) => k1.upload(body, write()),
    k1Batch: ({ query }) => k1.batch(query.batch_id),
    k1BatchFile: ({ query }) => k1.file(query),
    publishK1Batch: ({ body, write }) => k1.publish(body, write()),
    discardK1Batch: ({ body, write }) => k1.discard(body, write()),
    k1Status: ({ query }) => k1.status(query),
  }) satisfies Partial<Handlers>;
