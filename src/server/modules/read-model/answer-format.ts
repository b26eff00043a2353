import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { endpoints } from '../../../contract/endpoints.js';
import { COMPILED_FILE, PROJECT_ROOT, projectPath } from '../../lib/project-files.js';

/**
 * The files of the code behind the answers, by path from the project's folder. From source: the server
 * and the contract (tests left out: they change no answer). Compiled: the bundle this module is part
 * of, and the migrations it runs (they define the database functions answers read through).
 */
function codeFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(projectPath(dir), { withFileTypes: true }).flatMap((d) => {
      const file = path.join(dir, d.name);
      if (d.isDirectory()) return walk(file);
      return /\.(ts|mjs|sql)$/.test(d.name) && !/\.test\.ts$/.test(d.name) ? [file] : [];
    });
  if (COMPILED_FILE) return [path.relative(PROJECT_ROOT, COMPILED_FILE), ...walk('src/server/db/migrations').sort()];
  return [...walk('src/server'), ...walk('src/contract')].sort();
}

/**
 * A fingerprint of the code behind every answer: the answers' shapes in the endpoint table and the
 * server's source. Kept answers are stored under it, so a server finds only answers its own code would
 * give: after a deploy that fixed a rule or added a field, none of the older ones (docs/performance.md). A restart
 * of the same code keeps them all, so it starts warm.
 */
export const ANSWER_FORMAT = (() => {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(Object.values(endpoints).map((e) => z.toJSONSchema(e.response, { io: 'output', unrepresentable: 'any' }))));
  for (const file of codeFiles()) hash.update(file).update(readFileSync(projectPath(file)));
  return hash.digest('hex').slice(0, 12);
})();
