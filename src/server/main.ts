import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir.js';
import { ensureFirstAdmin, openRuntime } from './runtime.js';
import { loadDemoData } from './demo/demo-data.js';
import { forgetOtherAnswers } from './modules/books/answer-cache.repository.js';
import { ANSWER_FORMAT } from './modules/books/answer-format.js';

/** Entry point: config → database → migrate → first admin → app → listen → graceful shutdown. */
async function main() {
  const config = loadConfig();
  const runtime = await openRuntime(config);
  // Answers kept by this same code stay (a restart starts warm); other code's are forgotten. The server
  // does this, not openRuntime: an operator command run from source (npm run admin) is other code than
  // the compiled server, and must not clear the answers a running server keeps.
  await forgetOtherAnswers(runtime.db, ANSWER_FORMAT);
  await ensureFirstAdmin(runtime.services, config, (line) => console.log(line));
  if (config.demoData) await loadDemoData(runtime, (line) => console.log(line));
  const app = await buildApp({ config, db: runtime.db, services: runtime.services });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close(); // stops accepting, lets in-flight requests finish
    await runtime.services.answersAhead.stop();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`${config.portal.name} is running at http://localhost:${config.port}/ (database: ${runtime.db.kind})`);
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
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('The portal could not start:', err);
  }
  process.exit(1);
});
