import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dropTemplateAt, type DbKind, type TestDbTemplate } from './test-db.js';

/** Books recorded once for the whole run: where their template is, and what writing them answered. */
export type SharedRecord = { kind: DbKind; location: TestDbTemplate['location']; state: unknown };

const WAIT_MS = 170_000;
const POLL_MS = 50;

/**
 * The books named `name`, recorded by whichever test process asks first (`build`) and copied by every
 * other: the first to create `name.lock` in the run's directory builds them and leaves `name.json`, the
 * others wait for that file. A failed build leaves `name.failed`, so the waiting ones fail with its reason.
 * The template outlives the process that built it; the global setup's teardown removes it.
 */
export async function shareOnce(dir: string, name: string, build: () => Promise<SharedRecord>): Promise<SharedRecord> {
  const record = path.join(dir, `${name}.json`);
  const failed = path.join(dir, `${name}.failed`);
  try {
    mkdirSync(path.join(dir, `${name}.lock`));
  } catch (err) {
    if ((err as { code?: string }).code !== 'EEXIST') throw err;
    return waitFor(record, failed);
  }
  try {
    const built = await build();
    const shared = JSON.parse(JSON.stringify(built)) as SharedRecord;
    writeFileSync(`${record}.tmp`, JSON.stringify(shared));
    renameSync(`${record}.tmp`, record);
    return shared;
  } catch (err) {
    writeFileSync(failed, err instanceof Error ? (err.stack ?? err.message) : String(err));
    throw err;
  }
}

async function waitFor(record: string, failed: string): Promise<SharedRecord> {
  const until = Date.now() + WAIT_MS;
  while (Date.now() < until) {
    if (existsSync(record)) return JSON.parse(readFileSync(record, 'utf8')) as SharedRecord;
    if (existsSync(failed)) throw new Error(`Another test file failed to record ${path.basename(record)}:\n${readFileSync(failed, 'utf8')}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(`No test file finished recording ${path.basename(record)} within ${WAIT_MS / 1000} s`);
}

/** Removes every template shared in `dir` (at the end of the run). */
export async function dropSharedTemplates(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const { location } = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as SharedRecord;
    await dropTemplateAt(location);
  }
}
