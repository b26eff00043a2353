import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Write = (...args: unknown[]) => void;

/**
 * Each request's logger (`request.log`), made only when the request logs something at an enabled level.
 * Fastify makes a pino child per request by default, which renders its bindings (the request id) for
 * every request, a cost of a few per cent of the server under load (docs/performance.md) for lines that at
 * the default level are almost never written. The child is the same pino child, made on first use.
 *
 * A class, so a request's logger is one small object: its methods are shared on the prototype rather than
 * six closures made for every request.
 */
class LazyRequestLogger {
  // Private fields (#): a pino logger's own names (`bindings`, `levels` …) stay free.
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #opts: ChildLoggerOptions;
  readonly #values: Record<string, number>;
  #made: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions, values: Record<string, number>) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#opts = opts;
    this.#values = values;
  }

  #real(): FastifyBaseLogger {
    return (this.#made ??= this.#parent.child(this.#bindings, this.#opts));
  }

  #write(level: Level, args: unknown[]): void {
    if (this.isLevelEnabled(level)) (this.#real()[level] as Write)(...args);
  }

  get level(): string { return this.#made?.level ?? String(this.#opts.level ?? this.#parent.level); }
  set level(value: string) { this.#real().level = value; }
  isLevelEnabled(level: string): boolean { return this.#values[level]! >= this.#values[this.level]!; }
  bindings(): Bindings { return (this.#real() as unknown as { bindings(): Bindings }).bindings(); }
  child(bindings: Bindings, opts?: ChildLoggerOptions): FastifyBaseLogger { return this.#real().child(bindings, opts); }
  silent(): void {}
  fatal(...args: unknown[]): void { this.#write('fatal', args); }
  error(...args: unknown[]): void { this.#write('error', args); }
  warn(...args: unknown[]): void { this.#write('warn', args); }
  info(...args: unknown[]): void { this.#write('info', args); }
  debug(...args: unknown[]): void { this.#write('debug', args); }
  trace(...args: unknown[]): void { this.#write('trace', args); }
}

export function lazyChildLogger(parent: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions): FastifyBaseLogger {
  const values = (parent as unknown as { levels?: { values: Record<string, number> } }).levels?.values;
  // Not pino (the app built without a logger: Fastify's silent stand-in, whose children cost nothing).
  if (!values) return parent.child(bindings, opts);
  return new LazyRequestLogger(parent, bindings, opts, values) as unknown as FastifyBaseLogger;
}
