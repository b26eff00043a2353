import type { KeptText } from '../../lib/kept-json.js';

/** The one way into a reply's bytes, set by the class below (its private field is readable only inside it). */
let textOf: (reply: KeptReply<unknown>) => KeptText;

/**
 * A kept answer on its way to the client: its JSON as it was kept, gzipped (lib/kept-json.ts), typed by
 * the answer it carries. No code can read the answer out of it: only the one generic registration of the
 * routes (http/register-endpoints.ts) takes its bytes, with `keptBytes`, and sends them as they are; a
 * lint rule (eslint.config.js) refuses `keptBytes` anywhere else.
 */
export class KeptReply<T> {
  /** The answer's type, for the compiler only: a reply of one endpoint's answer is not another's. */
  declare private readonly answer: T;
  readonly #text: KeptText;

  constructor(text: KeptText) {
    this.#text = text;
  }

  static {
    textOf = (reply) => reply.#text;
  }
}

/** The kept bytes of a handler's result, if it is a kept reply (http/register-endpoints.ts only). */
export const keptBytes = (result: unknown): KeptText | undefined => (result instanceof KeptReply ? textOf(result) : undefined);
