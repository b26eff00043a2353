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
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
}
