import type { Runtime } from '../runtime.js';

/** Loads the demo portfolio through the services (filled in below). */
export async function loadDemoData(_runtime: Runtime, print: (line: string) => void): Promise<void> {
  print('Demo data: nothing to load yet.');
}
