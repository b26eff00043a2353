import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in src/web and is built into dist/web, which the Fastify server serves.
export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  // The manifest lets the benchmark report what each route loads (bench/web-sizes.ts).
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    // `npm run dev:web` proxies the API to a server started with `npm start`.
    proxy: Object.fromEntries(
      ['/auth', '/admin', '/api', '/manifest.json', '/logo.png', '/pictures', '/openapi.json', '/api-docs'].map((p) => [p, 'http://127.0.0.1:8080']),
    ),
  },
});
