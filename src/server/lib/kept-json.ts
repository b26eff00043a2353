import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

/**
 * The JSON text an answer was kept as (books.service.ts `kept`). The route sends that text as it is,
 * instead of serializing the object again through its response schema: for a large answer that is most
 * of a request's cost, and the text is exactly what serializing gave when it was kept. Its gzip, for
 * clients that accept one (every browser), is made once per kept text, off the event loop, and then
 * shared by every request that sends it: the whole book's answers are tens to hundreds of kilobytes of
 * JSON that compress about tenfold.
 */
export type KeptText = { readonly json: string; gzipped?: Promise<Buffer> };

const texts = new WeakMap<object, KeptText>();

export function rememberJson<T>(answer: T, text: KeptText): T {
  if (typeof answer === 'object' && answer !== null) texts.set(answer, text);
  return answer;
}

export const keptText = (answer: unknown): KeptText | undefined =>
  typeof answer === 'object' && answer !== null ? texts.get(answer) : undefined;

/** Below this many characters a gzip saves less than it costs: the answer fits one packet either way. */
export const GZIP_FROM_LENGTH = 1024;

const gzipAsync = promisify(gzip);

/** The kept text gzipped: made on first use and kept with the text. */
export const gzippedText = (text: KeptText): Promise<Buffer> => (text.gzipped ??= gzipAsync(text.json));
