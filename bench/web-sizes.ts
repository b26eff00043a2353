import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What each route of the web app loads, gzipped (docs/performance.md: the login route ≤ 100 KB of JavaScript),
 * read from the Vite manifest of the last `npm run build`.
 *
 * The entry (main.tsx) with its static imports is the sign-in page: at "/" it shows the sign-in screen
 * itself and imports nothing more while loading. Its dynamic imports load later: the routed app when
 * the user leaves the screen or opens any other address, the QR code library when an admin enrols.
 * Each chunk imported dynamically is a row that adds to what was loaded before it, so a page the router
 * loads lazily counts the entry, the routed app and the page with their static imports.
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
  const kb = (keys: Set<string>, kind: 'js' | 'css') =>
    [...keys].flatMap((k) => (kind === 'js' ? [manifest[k]!.file] : (manifest[k]!.css ?? []))).reduce((s, f) => s + gz(f), 0) / 1024;
  // A page of ours by its file name; a package's chunk by the package's name.
  const label = (key: string) => {
    const src = manifest[key]!.src ?? key;
    return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(src)?.[1] ?? path.basename(src).replace(/\.[jt]sx?$/, '');
  };

  const [entryKey] = Object.entries(manifest).find(([, c]) => c.isEntry)!;
  const rows: [string, Set<string>][] = [];
  const measured = new Set<string>();
  // Breadth first, so each dynamically imported chunk is counted after the shortest way to it.
  const queue: { key: string; name: string; before: Set<string> }[] = [{ key: entryKey, name: 'sign-in (entry)', before: new Set() }];
  while (queue.length) {
    const { key, name, before } = queue.shift()!;
    const loaded = closure(key, new Set(before));
    rows.push([name, loaded]);
    for (const next of manifest[key]!.dynamicImports ?? []) {
      // A chunk already loaded (a page importing the app back) costs nothing more.
      if (loaded.has(next) || measured.has(next)) continue;
      measured.add(next);
      queue.push({ key: next, name: label(next), before: loaded });
    }
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
