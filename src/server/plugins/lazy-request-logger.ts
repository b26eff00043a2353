import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
const LEVELS: Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * Each request's logger (`request.log`), made only when the request logs something at an enabled level.
 * Fastify makes a pino child per request by default, which renders its bindings (the request id) for
 * every request, a cost of a few per cent of the server under load (docs/performance.md) for lines that at
 * the default level are almost never written. The child is the same pino child, made on first use.
 */
export function lazyChildLogger(parent: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions): FastifyBaseLogger {
  const threshold = (parent as unknown as { levels?: { values: Record<string, number> } }).levels?.values;
  // Not pino (the app built without a logger: Fastify's silent stand-in, whose children cost nothing).
  if (!threshold) return parent.child(bindings, opts);
  let real: FastifyBaseLogger | undefined;
  const child = () => (real ??= parent.child(bindings, opts));
  const enabled = (level: Level) => threshold[level]! >= threshold[String(opts.level ?? parent.level)]!;
  const logger = {
    get level() { return real?.level ?? String(opts.level ?? parent.level); },
    set level(value: string) { child().level = value; },
    child: (b: Bindings, o?: ChildLoggerOptions) => child().child(b, o),
    silent: () => undefined,
  } as unknown as FastifyBaseLogger;
  for (const level of LEVELS) {
    (logger as unknown as Record<Level, (...args: unknown[]) => void>)[level] = (...args: unknown[]) => {
      if (enabled(level)) (child()[level] as (...a: unknown[]) => void)(...args);
    };
  }
  return logger;
}
