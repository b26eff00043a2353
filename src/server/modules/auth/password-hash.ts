import { hash, verify } from '@node-rs/argon2';

/** argon2id at the OWASP minimum (docs/security.md A4): m = 19 MiB, t = 2, p = 1; about 25 ms here. */
const PARAMS = { algorithm: 2 /* Algorithm.Argon2id: a const enum, unreadable under verbatimModuleSyntax */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, PARAMS);

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/** True when a stored hash was made with weaker parameters than today's, so sign-in upgrades it. */
export function needsRehash(storedHash: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(storedHash);
  if (!m) return true;
  return Number(m[1]) < PARAMS.memoryCost || Number(m[2]) < PARAMS.timeCost;
}
