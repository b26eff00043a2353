import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's two lines per request, "incoming request" and "request completed", at debug rather than
 * info: at the default LOG_LEVEL=info the console shows what matters (start-up, the
 * first admin's login, refusals, errors, fatal errors) instead of a pair of lines for every file and
 * call; LOG_LEVEL=debug brings them back. A request that failed with an error is still logged as
 * Fastify logs it ("request errored", at error), and refusals are logged by the error handler as before.
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
    else if (!this.isLogDisabled(request)) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
