import { execFileSync } from 'node:child_process';

/**
 * Runs once before all test files: builds the web app that the browser tests load from the real
 * server (the same build `npm start` serves). Skipped when no browser test is part of the run.
 */
export default function setup({ config }: { config: { include?: string[] } }) {
  const argv = process.argv.join(' ');
  const onlyUnit = /\bsrc\b|tests\/(unit|integration)/.test(argv) && !/tests\/e2e/.test(argv);
  if (onlyUnit || process.env.SKIP_WEB_BUILD === '1') return;
  void config;
  // NODE_ENV=production: vitest sets it to "test", which Vite keeps, and the browser tests then ran
  // React's development build, not the one `npm start` serves. `--mode test` keeps the client's check
  // of every reply against the endpoint table (api-client.ts) in the tested build.
  execFileSync('npx', ['vite', 'build', '--mode', 'test', '--logLevel', 'error'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
