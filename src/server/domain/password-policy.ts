import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../contract/values/password-rules.js';

/**
 * Password rules of docs/security.md A1–A3 (NIST SP 800-63B-4, ASVS 5.0 §6.2): length 15–128 code points,
 * no composition rules, a blocklist of common passwords and a strength floor (zxcvbn score ≥ 3),
 * and no context words (product name, username, investor name). NIST asks that the reason is told.
 */
// The lengths are the contract's, so the API reference states what this checks.
export { PASSWORD_MAX, PASSWORD_MIN };
const MIN_SCORE = 3;
// Shorter context words ("App") would reject innocent passwords ("happy") by containment; zxcvbn still sees them.
const CONTEXT_WORD_MIN = 4;

/**
 * The strength estimator and the common-password list, loaded on the first password checked: their
 * dictionaries take ~27 MB of a server's memory, and most servers rarely see a new password (docs/performance.md).
 */
let checker: Promise<{ zxcvbn: ZxcvbnFactory; commonPasswords: Set<string> }> | undefined;
function loadChecker() {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en'),
    ]);
    return {
      zxcvbn: new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs, translations: en.translations }),
      commonPasswords: new Set(common.dictionary['passwords-common'].map((p) => p.toLowerCase())),
    };
  })();
  return checker;
}

export type ContextWord = { word: string; label: string };

/** Returns null when the password is acceptable, otherwise the reason in plain words. */
export async function passwordProblem(password: string, context: ContextWord[]): Promise<string | null> {
  const length = [...password].length; // code points, so an emoji counts once
  if (length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters long.`;
  if (length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters long.`;
  const lower = password.toLowerCase();
  const { zxcvbn, commonPasswords } = await loadChecker();
  if (commonPasswords.has(lower)) return 'Password is on the list of commonly used passwords.';
  for (const { word, label } of context) {
    const w = word.trim().toLowerCase();
    if (w.length >= CONTEXT_WORD_MIN && lower.includes(w)) return `Password must not contain ${label}.`;
  }
  const result = zxcvbn.check(password, context.map((c) => c.word));
  if (result.score < MIN_SCORE) {
    const hint = result.feedback.warning ? ` ${result.feedback.warning}` : '';
    return `Password is too easy to guess.${hint} A few unrelated words make a strong password.`;
  }
  return null;
}
