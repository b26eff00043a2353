import type { Endpoint, ParsedBody, ParsedQuery, ServiceResult } from '../../contract/endpoint.js';
import type { EndpointName, Endpoints } from '../../contract/endpoints.js';
import type { SessionUser } from '../modules/auth/auth.repository.js';
import type { WriteContext } from '../lib/write-context.js';
import type { KeptReply } from '../modules/read-model/read-model.js';

/** What a route's handler receives: the request already parsed by the endpoint's schemas. */
export type HandlerInput<E extends Endpoint> = {
  query: ParsedQuery<E>;
  body: ParsedBody<E>;
  /** The signed-in user (null only on public endpoints). */
  user: E['policy'] extends 'public' ? null : SessionUser;
  ip: string;
  /** Who writes, from where, under which Idempotency-Key: what every audited write passes on. */
  write: () => WriteContext;
};

/** A route: one call of one service function. A kept answer comes back as its kept reply, sent as it was kept. */
export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<ServiceResult<E> | KeptReply<ServiceResult<E>>>;

/** One handler per entry of the endpoint table: a route cannot exist without an entry, nor an entry without a route. */
export type Handlers = { [K in EndpointName]: Handler<Endpoints[K]> };
