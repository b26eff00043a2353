import { readFileSync } from 'node:fs';

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
