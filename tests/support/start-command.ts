import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Node's arguments for the server as `npm start` runs it once built: the last command of its script in
 * package.json. The bench and the process tests start the server with exactly these, so neither can
 * drift from what an operator runs.
 */
export function startArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const [command, ...args] = scripts.start!.split('&&').at(-1)!.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm start is expected to end in a node command, not: ${scripts.start}`);
  return args;
}

/**
 * Runs an operator command as `npm run admin -- <args>` does (package.json's `admin` script, a tsx
 * command), with exactly `env`, and answers its exit status and output.
 */
export function runAdmin(args: string[], env: NodeJS.ProcessEnv): SpawnSyncReturns<string> {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const [command, ...script] = scripts.admin!.trim().split(/\s+/);
  if (command !== 'tsx') throw new Error(`npm run admin is expected to be a tsx command, not: ${scripts.admin}`);
  return spawnSync(path.resolve('node_modules/.bin/tsx'), [...script, ...args], { env, encoding: 'utf8' });
}
