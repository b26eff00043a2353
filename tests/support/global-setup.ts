import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { dropSharedTemplates } from './shared-templates.js';
import { buildEmptyTemplate, DB_KINDS, type RunTemplates, type TestDbTemplate } from './test-db.js';

/**
 * Runs once before all test files, and does there what every file would otherwise do again:
 * - builds the web app that the browser tests load from the real server (the same build `npm start`
 *   serves), skipped when no browser test is part of the run;
 * - migrates one empty database of each kind, which every test's fresh database is a copy of
 *   (tests/support/test-db.ts);
 * - makes the directory where test files share the sample books they record once for the whole run
 *   (tests/support/shared-templates.ts), and removes what they left there at the end.
 * The web build runs in a child process while the databases migrate in this one.
 */
export default async function setup(project: TestProject) {
  const argv = process.argv.join(' ');
  const onlyUnit = /\bsrc\b|tests\/unit/.test(argv) && !/tests\/(e2e|integration)/.test(argv);
  const onlyServer = /\bsrc\b|tests\/(unit|integration)/.test(argv) && !/tests\/e2e/.test(argv);
  const webBuild = onlyServer || process.env.SKIP_WEB_BUILD === '1' ? Promise.resolve() : buildWebApp();

  const sharedDir = mkdtempSync(path.join(roomyTmp(), 'portal-run-'));
  const empty: TestDbTemplate[] = [];
  try {
    if (!onlyUnit) for (const kind of DB_KINDS) empty.push(await buildEmptyTemplate(kind));
    await webBuild;
  } catch (err) {
    await Promise.all(empty.map((t) => t.drop()));
    throw err;
  }
  const templates: RunTemplates = {
    empty: Object.fromEntries(empty.map((t) => [t.kind, t.location])),
    sharedDir,
  };
  project.provide('portalTemplates', templates);

  return async () => {
    await dropSharedTemplates(sharedDir);
    await Promise.all(empty.map((t) => t.drop()));
    rmSync(sharedDir, { recursive: true, force: true });
  };
}

// NODE_ENV=production: vitest sets it to "test", which Vite keeps, and the browser tests then ran
// React's development build, not the one `npm start` serves. `--mode test` keeps the client's check
// of every reply against the endpoint table (api-client.ts) in the tested build.
async function buildWebApp(): Promise<void> {
  // TEST_WEB_ROOT: a build of one's own (tests/support/browser.ts), so two runs side by side do not rebuild each other's.
  const outDir = process.env.TEST_WEB_ROOT ? ['--outDir', path.resolve(process.env.TEST_WEB_ROOT), '--emptyOutDir'] : [];
  const { stdout, stderr } = await promisify(execFile)('npx', ['vite', 'build', '--mode', 'test', '--logLevel', 'error', ...outDir], {
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 2 ** 20,
  });
  process.stdout.write(stdout);
  process.stderr.write(stderr);
}

/** /dev/shm when it has room (the shared PGlite templates are copied from there), else the temporary directory. */
function roomyTmp(): string {
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.bavail * fs.bsize > 2 ** 30) return '/dev/shm';
  } catch {
    // no /dev/shm here
  }
  return tmpdir();
}
