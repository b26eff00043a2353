import { randomBytes } from 'node:crypto';
import { sha256 } from '../../lib/random.js';

/**
 * The text of a personal API token: `ipt_` and 32 random bytes in base64url. The prefix tells it apart from
 * a session's JWT (which has dots) before anything is looked up, and makes a leaked token easy to grep for
 * in a repository or a log, as secret scanners look for GitHub's `ghp_`.
 */
const PREFIX = 'ipt_';
const TEXT = /^ipt_[A-Za-z0-9_-]{43}$/;

export const newApiTokenText = (): string => PREFIX + randomBytes(32).toString('base64url');

/** Whether a bearer is shaped like an API token (it may still be unknown, revoked or expired). */
export const isApiTokenText = (bearer: string): boolean => TEXT.test(bearer);

/** Only this is kept: the token itself is answered once and never stored. */
export const apiTokenHash = (text: string): string => sha256(text);
