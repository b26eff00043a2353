import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The scripts of package.json: what `npm start` and `npm run admin` run. */
const scripts = (): Record<string, string> =>
  (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

/**
 * Node's arguments for the server as `npm start` runs it once built: the last command of its script in
 * package.json. The bench and the process tests start the server with exactly these, so neither can
 * drift from what an operator runs.
 */
export function startArgs(): string[] {
  const { start } = scripts();
  const [command, ...args] = start!.split('&&').at(-1)!.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm start is expected to end in a node command, not: ${start}`);
  return args;
}

/**
 * Runs an operator command as `npm run admin -- <args>` does (package.json's `admin` script, a tsx
 * command), with exactly `env`, and answers its exit status and output.
 */
export function runAdmin(args: string[], env: NodeJS.ProcessEnv): SpawnSyncReturns<string> {
  const { admin } = scripts();
  const [command, ...script] = admin!.trim().split(/\s+/);
  if (command !== 'tsx') throw new Error(`npm run admin is expected to be a tsx command, not: ${admin}`);
  return spawnSync(path.resolve('node_modules/.bin/tsx'), [...script, ...args], { env, encoding: 'utf8' });
}
