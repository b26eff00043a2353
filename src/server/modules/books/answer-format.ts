import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { endpoints } from '../../../contract/endpoints.js';

/**
 * The server code's source files: the server and the contract when run from source, or the compiled
 * bundle this module is part of. Tests are left out (they change no answer).
 */
function codeFiles(): { root: string; files: string[] } {
  const here = fileURLToPath(import.meta.url);
  const src = path.resolve(path.dirname(here), '../../..');
  if (!existsSync(path.join(src, 'server')) || !existsSync(path.join(src, 'contract'))) return { root: path.dirname(here), files: [here] };
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
      const full = path.join(dir, d.name);
      if (d.isDirectory()) return walk(full);
      return /\.(ts|mjs|sql)$/.test(d.name) && !/\.test\.ts$/.test(d.name) ? [full] : [];
    });
  return { root: src, files: [...walk(path.join(src, 'server')), ...walk(path.join(src, 'contract'))].sort() };
}

/**
 * A fingerprint of the code behind every answer: the answers' shapes in the endpoint table and the
 * server's source. Kept answers are stored under it, so a server finds only answers its own code would
 * give: after a deploy that fixed a rule or added a field, none of the older ones (issue 12). A restart
 * of the same code keeps them all, so it starts warm.
 */
export const ANSWER_FORMAT = (() => {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(Object.values(endpoints).map((e) => z.toJSONSchema(e.response, { io: 'output', unrepresentable: 'any' }))));
  const { root, files } = codeFiles();
  for (const file of files) hash.update(path.relative(root, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 12);
})();
