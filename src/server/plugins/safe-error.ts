import path from 'node:path';
import { PROJECT_ROOT } from '../lib/project-files.js';

/**
 * An error as the log records it (docs/security.md E3): its type, code, message and stack, with no
 * absolute file-system path. The project's own files are named from the project's folder
 * (`src/server/plugins/spa.ts:31:5`, `node_modules/…`); any other absolute path (a data directory, a
 * temporary file, a file an fs call could not open) keeps only its last part. The log stays useful for
 * finding the line, and tells no reader where or as whom the server is installed.
 */
export function safeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: withoutPaths(String(err)) };
  const out: Record<string, unknown> = { type: err.name };
  // Node's own fields (code, errno, syscall) stay; `path` and `dest` of an fs error are paths.
  for (const [key, value] of Object.entries(err)) {
    if (key === 'path' || key === 'dest') out[key] = typeof value === 'string' ? path.basename(value) : undefined;
    else if (typeof value === 'string') out[key] = withoutPaths(value);
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  out.message = withoutPaths(err.message);
  if (err.stack) out.stack = withoutPaths(err.stack);
  // A cause is logged too, a few levels down at most.
  if (err.cause !== undefined && depth < 3) out.cause = safeError(err.cause, depth + 1);
  return out;
}

const ROOT = PROJECT_ROOT.endsWith(path.sep) ? PROJECT_ROOT : PROJECT_ROOT + path.sep;
/**
 * An absolute POSIX path as it stands in a message or a stack frame: after a space, a quote or a
 * bracket, never inside a URL (`https://host/a/b`) or a relative path. One of two parts or more keeps
 * only its last (a lone `/x` may be anything, an address of the API say).
 */
const ABSOLUTE = /(?<![\w.~/:-])\/[^\s'"`()<>:,]*/g;
const lastPart = (found: string) => (found.indexOf('/', 1) > 0 ? `…/${found.slice(found.lastIndexOf('/') + 1)}` : found);

export function withoutPaths(text: string): string {
  return text
    .replaceAll(`file://${ROOT}`, '')
    .replaceAll(ROOT, '')
    .replace(/file:\/\/(?=\/)/g, '')
    .replace(ABSOLUTE, lastPart);
}
