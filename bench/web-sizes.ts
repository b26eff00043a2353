import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What each route of the web app loads, gzipped (issue 12: the login route ≤ 100 KB of JavaScript):
 * the entry chunk and its static imports for the sign-in page, plus each lazily loaded page with its
 * own static imports. Read from the Vite manifest of the last `npm run build`.
 */
type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };

export function webSizes(dir = 'dist/web'): string {
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const gz = (file: string) => gzipSync(readFileSync(path.join(dir, file))).length;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const k of manifest[key]!.imports ?? []) closure(k, seen);
    return seen;
  };
  const [entryKey, entry] = Object.entries(manifest).find(([, c]) => c.isEntry)!;
  const base = closure(entryKey);
  const kb = (keys: Set<string>, kind: 'js' | 'css') =>
    [...keys].flatMap((k) => (kind === 'js' ? [manifest[k]!.file] : (manifest[k]!.css ?? []))).reduce((s, f) => s + gz(f), 0) / 1024;
  const rows: [string, Set<string>][] = [['sign-in (entry)', base]];
  for (const key of entry.dynamicImports ?? []) {
    const page = closure(key);
    rows.push([path.basename(manifest[key]!.src ?? key, '.tsx'), new Set([...base, ...page])]);
  }
  return [
    'Web: what each route loads (gzip)',
    '',
    '| route | JavaScript KB | CSS KB |',
    '|---|---:|---:|',
    ...rows.map(([name, keys]) => `| ${name} | ${kb(keys, 'js').toFixed(1)} | ${kb(keys, 'css').toFixed(1)} |`),
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(webSizes());
