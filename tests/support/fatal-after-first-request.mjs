// Loaded into the compiled server by tests/integration/processes.test.ts (NODE_OPTIONS=--import), never
// by the portal itself: once the server has taken its first request, a timer throws an exception no code
// catches (FATAL_KIND=exception) or rejects a promise no code awaits (FATAL_KIND=rejection), as a bug
// outside any request would. The server must log it and exit non-zero, for its supervisor to restart it.
import { subscribe } from 'node:diagnostics_channel';

let fired = false;
subscribe('http.server.request.start', () => {
  if (fired) return;
  fired = true;
  setImmediate(() => {
    if (process.env.FATAL_KIND === 'rejection') void Promise.reject(new Error('a test rejection no code awaits'));
    else throw new Error('a test exception no code catches');
  });
});
