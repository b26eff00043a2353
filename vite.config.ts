import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes a .br and a .gz beside every text file of the build, compressed once at their best levels,
 * which the server sends to browsers that accept them (plugins/spa.ts, @fastify/static preCompressed):
 * the sign-in page's JavaScript goes out at about a third of its size, with no compression per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(path.join(dir, d.name)) : [path.join(dir, d.name)]));
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    closeBundle() {
      for (const file of files(outDir)) {
        // Smaller than about a packet, a compressed copy saves nothing worth a second file.
        if (!/\.(js|css|html|svg|json|txt)$/.test(file) || statSync(file).size < 1024) continue;
        const text = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
      }
    },
  };
}

/**
 * React Router 7's package exports name only its development build (dist/development), whatever the
 * mode, so a production bundle carried its development warnings and checks (ENABLE_DEV_WARNINGS = true).
 * The same version's production build sits beside it in dist/production; the build takes that one.
 */
const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const productionReactRouter = [{ find: /^react-router$/, replacement: path.join(reactRouterDir, 'dist/production/index.mjs') }];

// The web app lives in src/web and is built into dist/web, which the Fastify server serves.
export default defineConfig(({ command }) => ({
  root: 'src/web',
  plugins: [react(), precompress()],
  resolve: { alias: command === 'build' ? productionReactRouter : [] },
  // The manifest lets the benchmark report what each route loads (bench/web-sizes.ts).
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    // `npm run dev:web` proxies the API to a server started with `npm start`.
    proxy: Object.fromEntries(
      ['/auth', '/admin', '/api', '/manifest.json', '/logo.png', '/pictures', '/openapi.json', '/api-docs'].map((p) => [p, 'http://127.0.0.1:8080']),
    ),
  },
}));
