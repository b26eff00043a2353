import type { FastifyRequest } from 'fastify';
import { canonicalJson } from '../modules/audit/audit.fns.js';
import { currentUser } from '../plugins/auth-guard.js';
import { ValidationError } from '../lib/errors.js';
import { sha256 } from '../lib/random.js';
import type { IdempotencyRequest, WriteContext } from '../lib/write-context.js';

const KEY = /^[A-Za-z0-9_-]{8,128}$/;

/** Who writes, from where, and the request's idempotency key with a hash of its parsed body. */
export function writeContext(request: FastifyRequest): WriteContext {
  const user = currentUser(request);
  const header = request.headers['idempotency-key'];
  let idempotency: IdempotencyRequest | null = null;
  if (header !== undefined) {
    if (typeof header !== 'string' || !KEY.test(header)) {
      throw new ValidationError('Idempotency-Key must be 8 to 128 letters, digits, - or _ (a UUID fits).');
    }
    idempotency = { key: header, requestHash: sha256(canonicalJson({ url: request.routeOptions.url, body: request.body })) };
  }
  const ctx: WriteContext = { userId: user.userId, ip: request.ip, idempotency };
  // Only when there is one: an audit row without a token hashes as it always did.
  if (user.apiToken) ctx.apiTokenId = user.apiToken.id;
  return ctx;
}
