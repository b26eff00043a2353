import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { randomUUID } from 'node:crypto';

/**
 * Access tokens (docs/security.md S1–S3): HS256 only, typ "at+jwt", iss/aud/exp/iat/jti/sub/sid required.
 * The token names its server-side session (sid), so revoking the session ends the token at once.
 */
const ISSUER = 'investor-portal';
const AUDIENCE = 'investor-portal';
const TYP = 'at+jwt';
const ALG = 'HS256';
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TokenClaims = { userId: number; sessionId: string };

/** What a sign-in challenge lets its holder do next: give a code, or enrol a first TOTP secret. */
export type ChallengePurpose = 'mfa' | 'totp_setup';
const CHALLENGE_TYP = 'challenge+jwt';
/** A challenge is short: the code must come within five minutes of the password. */
const CHALLENGE_TTL_SECONDS = 300;

export type TokenSigner = ReturnType<typeof createTokenSigner>;
export type Challenge = { userId: number; jti: string; expiresAt: Date };

/**
 * Access tokens whose signature and claims checked out, by their exact text, with their expiry: a
 * signed-in user sends the same token with every request for up to 30 minutes, and checking its HMAC
 * again each time was a tenth of a kept answer's request (docs/performance.md). Only the signature is
 * remembered: expiry is checked on every use, and the session behind the token is still checked as the
 * database holds it on every request (docs/security.md S5; on PGlite from memory until this process writes). Bounded: the oldest are forgotten first.
 */
const VERIFIED_TOKENS = 10_000;
const CLOCK_TOLERANCE_SECONDS = 30;

export function createTokenSigner(secret: string) {
  // Imported once as a WebCrypto key: given raw bytes, jose imports them again on every sign and verify,
  // which was a third of the cost of a kept answer's request (docs/performance.md).
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const hmacKey = () => key;
  const verified = new Map<string, TokenClaims & { exp: number }>();
  return {
    async sign(claims: TokenClaims, issuedAt: Date, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: ALG, typ: TYP })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(String(claims.userId))
        .setJti(randomUUID())
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await hmacKey());
    },

    /** A challenge after a right password: not an access token (its own typ and audience), five minutes long. */
    async signChallenge(userId: number, purpose: ChallengePurpose, issuedAt: Date): Promise<string> {
      const iat = Math.floor(issuedAt.getTime() / 1000);
      return new SignJWT({ purpose })
        .setProtectedHeader({ alg: ALG, typ: CHALLENGE_TYP })
        .setIssuer(ISSUER)
        .setAudience(`${AUDIENCE}:${purpose}`)
        .setSubject(String(userId))
        .setJti(randomUUID())
        .setIssuedAt(iat)
        .setExpirationTime(iat + CHALLENGE_TTL_SECONDS)
        .sign(await hmacKey());
    },

    /**
     * The user of a valid challenge for `purpose`, with the challenge's id and end (a challenge opens one
     * session: its id is spent when it does), or null.
     */
    async verifyChallenge(token: string, purpose: ChallengePurpose, now: Date): Promise<Challenge | null> {
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), {
          algorithms: [ALG], issuer: ISSUER, audience: `${AUDIENCE}:${purpose}`, typ: CHALLENGE_TYP,
          requiredClaims: ['exp', 'sub', 'jti'], clockTolerance: CLOCK_TOLERANCE_SECONDS, currentDate: now,
        });
        const userId = Number(payload.sub);
        const ok = Number.isSafeInteger(userId) && userId > 0 && payload.purpose === purpose && typeof payload.jti === 'string' && payload.jti.length <= 64;
        return ok ? { userId, jti: payload.jti!, expiresAt: new Date((payload.exp! + CLOCK_TOLERANCE_SECONDS) * 1000) } : null;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },

    /** The claims of a valid token, or null for anything else (bad signature, algorithm, claims, expiry). */
    async verify(token: string, now: Date): Promise<TokenClaims | null> {
      const known = verified.get(token);
      if (known) {
        // As jose decides it: expired once exp is at or before now, less the tolerance.
        if (known.exp > now.getTime() / 1000 - CLOCK_TOLERANCE_SECONDS) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), {
          algorithms: [ALG],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: TYP,
          requiredClaims: ['exp', 'iat', 'jti', 'sub', 'sid'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          currentDate: now,
        });
        const userId = Number(payload.sub);
        // Claims of the wrong shape are a bad token (401), never a database error: sid must be a UUID.
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string' || !SESSION_ID.test(payload.sid)) return null;
        if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
        verified.set(token, { userId, sessionId: payload.sid, exp: payload.exp! });
        return { userId, sessionId: payload.sid };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}
