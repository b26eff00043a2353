import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { lazyChildLogger } from './lazy-request-logger.js';

/** A pino logger at `level` whose lines are kept, and a request's lazy logger under it. */
function logged(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } });
  const parent = pino({ level }, sink) as unknown as FastifyBaseLogger;
  const log = lazyChildLogger(parent, { reqId: 'req-1' }, {}) as FastifyBaseLogger & Pick<pino.Logger, 'isLevelEnabled' | 'bindings'>;
  return { lines, log, parent };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a request\'s lazy logger', () => {
  it('writes the enabled levels with the request\'s bindings, and nothing below its level', async () => {
    const { lines, log } = logged('info');
    log.debug('not written');
    log.trace({ a: 1 }, 'not written');
    log.info({ event: 'x' }, 'written');
    log.error('also written');
    await settle();
    expect(lines.map((l) => [l.msg, l.reqId, l.level])).toEqual([['written', 'req-1', 30], ['also written', 'req-1', 50]]);
    expect(log.isLevelEnabled('debug')).toBe(false);
    expect(log.isLevelEnabled('warn')).toBe(true);
    expect(log.level).toBe('info');
  });

  it('follows a level set on it, down to debug and up to silent', async () => {
    const { lines, log } = logged('info');
    log.level = 'debug';
    log.debug('now written');
    log.level = 'silent';
    log.fatal('not even this');
    await settle();
    expect(lines.map((l) => l.msg)).toEqual(['now written']);
  });

  it('answers its bindings and makes children that carry them', async () => {
    const { lines, log } = logged('info');
    expect(log.bindings()).toEqual({ reqId: 'req-1' });
    log.child({ part: 'inner' }).warn('from a child');
    await settle();
    expect(lines).toEqual([expect.objectContaining({ msg: 'from a child', reqId: 'req-1', part: 'inner' })]);
  });
});
