// The PDF worker thread (pdf-off-thread.ts): lays out documents away from the server's event loop.
// Plain JavaScript that loads the TypeScript builder through tsx, so it starts the same way under
// `npm start`, the tests and the CLI.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { renderPdf } = await tsImport('./pdf-document.ts', import.meta.url);

parentPort.on('message', async ({ id, spec }) => {
  try {
    // A Buffer crosses the thread boundary as a plain Uint8Array; the image reader wants a Buffer.
    if (spec.header?.logoPng) spec.header.logoPng = Buffer.from(spec.header.logoPng);
    parentPort.postMessage({ id, pdf: await renderPdf(spec) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
