import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir.js';
import { ensureFirstAdmin, openRuntime } from './runtime.js';
import { loadDemoData } from './demo/demo-data.js';
import { forgetOtherAnswers } from './modules/read-model/answer-cache.repository.js';
import { ANSWER_FORMAT } from './modules/read-model/answer-format.js';
import { safeError } from './plugins/safe-error.js';

/** The app once built: a fatal error is then written to its log, as one JSON line like every other. */
let log: FastifyInstance['log'] | undefined;

/**
 * A fatal error: an exception no code caught, or a promise rejected with no one
 * waiting on it. What the process holds is then unknown (a transaction half-done in memory, a timer
 * that never runs again), so it neither goes on nor tries a graceful close that may hang: it logs one
 * line, without absolute paths, and exits 1 at once, for its supervisor to start it afresh (README,
 * Operations). The books stay whole: every write is one transaction (kill -9 is tested, docs/security.md F1).
 */
function exitOnFatal(kind: 'uncaught exception' | 'unhandled rejection', err: unknown): never {
  try {
    const message = 'the portal stopped on a fatal error';
    // The app's log writes the error through its own serializer, which is safeError (app.ts).
    if (log) log.fatal({ event: 'fatal', kind, err }, message);
    else console.error(JSON.stringify({ level: 60, time: Date.now(), event: 'fatal', kind, err: safeError(err), msg: message }));
  } finally {
    process.exit(1);
  }
}
process.on('uncaughtException', (err) => exitOnFatal('uncaught exception', err));
process.on('unhandledRejection', (reason) => exitOnFatal('unhandled rejection', reason));

/** Entry point: config → database → migrate → first admin → app → listen → graceful shutdown. */
async function main() {
  const config = loadConfig();
  const runtime = await openRuntime(config);
  // Answers kept by this same code stay (a restart starts warm); other code's are forgotten. The server
  // does this, not openRuntime: an operator command run from source (npm run admin) is other code than
  // the compiled server, and must not clear the answers a running server keeps.
  await forgetOtherAnswers(runtime.db, ANSWER_FORMAT);
  // The first admin's login is printed last, after the "running at" line, where it is seen.
  const firstAdmin: string[] = [];
  await ensureFirstAdmin(runtime.services, config, (line) => firstAdmin.push(line));
  if (config.demoData) await loadDemoData(runtime, (line) => console.log(line));
  const app = await buildApp({ config, db: runtime.db, services: runtime.services });
  log = app.log;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close(); // stops accepting, lets in-flight requests finish
    await runtime.services.answersAhead.stop();
    await runtime.services.noticeSender.stop();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The log writes its own lines ("Server listening at …", one per address) a moment later, from a
  // queue: on the first start the admin's block waits for them, so that it comes last.
  if (firstAdmin.length > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  // One write, so a reader of the console gets the line and the block together.
  console.log([`${config.portal.name} is running at http://localhost:${config.port}/ (database: ${runtime.db.kind})`, ...firstAdmin].join('\n'));
  if (config.answersAhead) {
    runtime.services.answersAhead.start({
      onPass: ({ answers, ms, first }) => {
        const line = `${answers} answers computed ahead of reads in ${(ms / 1000).toFixed(1)} s`;
        // The first pass is said once on the console: until it ends, first reads may still compute.
        if (first) console.log(`Kept answers are current (${line}).`);
        else app.log.info({ answers, ms: Math.round(ms) }, 'answers computed ahead of reads');
      },
      onError: (err) => app.log.error({ err }, 'computing answers ahead of reads failed; reads compute their own'),
    });
  }
  // E-mail notices go out only with SMTP_URL and MAIL_FROM; without them the outbox fills for the admin to read.
  runtime.services.noticeSender.start({ onError: (err) => app.log.error({ err }, 'sending e-mail notices failed; trying again') });
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('The portal could not start:', err);
  }
  process.exit(1);
});
