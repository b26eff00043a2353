import { createHash } from 'node:crypto';
import { z } from 'zod';
import { endpoints } from '../../../contract/endpoints.js';

/**
 * A fingerprint of every answer's shape in the endpoint table. Kept answers are stored under it, so an
 * app server never serves an answer kept by a server of another shape (a rolling deploy that adds a
 * field): it only finds answers of its own shape. Start-up also forgets all kept answers (runtime.ts),
 * for changes of the rules that leave the shape alone.
 */
export const ANSWER_FORMAT = createHash('sha256')
  .update(JSON.stringify(Object.values(endpoints).map((e) => z.toJSONSchema(e.response, { io: 'output', unrepresentable: 'any' }))))
  .digest('hex')
  .slice(0, 12);
