import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { SECURITY_HEADERS } from './security-headers.js';

/**
 * The answers Fastify and Node give before any route or hook runs, in the portal's
 * shape: `{ "message" }` in plain words, the same security headers as every answer, never cached, and
 * nothing of the request echoed back. Without these, a path with a broken %-escape answered Fastify's
 * own `FST_ERR_BAD_URL` body (the path quoted) with no CSP, and a malformed request line Fastify's raw
 * "Client Error".
 */

const ROUTING_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'The address is not valid: a % in it does not start a valid escape (such as %20).'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'A part of the address is too long.'],
};

/** Fastify's `frameworkErrors` option: errors of routing, before the route's hooks (and so its headers). */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] = ROUTING_MESSAGES[error.code] ?? [400, 'The request is not valid.'];
  request.log.info({ event: 'refused', status, reason: error.code }, 'request refused before routing');
  void reply.code(status).headers({ ...SECURITY_HEADERS, 'cache-control': 'no-store' }).send({ message });
}

/** What Node's HTTP parser refuses, by its error code; anything else is a request that is not HTTP. */
const CONNECTION_MESSAGES: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request did not arrive in time.'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
};

/**
 * Fastify's `clientErrorHandler` option: a request Node could not read (a malformed request line or
 * header, headers too large, a request too slow). Only a raw socket is left, so the answer is written
 * whole, then the connection is closed, as Fastify's own handler does.
 */
export function answerConnectionError(err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CONNECTION_MESSAGES[err.code ?? ''] ?? [400, 'The request is not valid HTTP.'];
  if (socket.writable) {
    const body = JSON.stringify({ message });
    const headers = {
      ...SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines}\r\n${body}`);
  }
  socket.destroy(err);
}
