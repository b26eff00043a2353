import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(import.meta.url);

/**
 * The project's folder (the one with package.json), found from this module's place. The same whether
 * the server runs from its TypeScript source (tests, the CLI) or compiled into one file
 * (dist/server/main.js, what `npm start` runs), so files read at run time are named from it.
 */
export const PROJECT_ROOT = (() => {
  for (let dir = path.dirname(HERE); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${HERE}: the portal's files cannot be found.`);
  }
})();

/** A file or folder of the project, by its path from the project's folder. */
export const projectPath = (...parts: string[]): string => path.join(PROJECT_ROOT, ...parts);

/** Compiled (`npm start`), not run from TypeScript source: then this module is part of the bundle. */
export const COMPILED_FILE: string | undefined = HERE.endsWith('.ts') ? undefined : HERE;
