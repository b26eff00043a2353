import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens.js';

/** A token's signature is checked once and remembered; its expiry is checked on every use (docs/security.md S4). */
describe('access tokens', () => {
  const secret = 'a-test-secret-a-test-secret-a-test-secret-0123';
  const t0 = new Date('2026-01-01T12:00:00Z');
  const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
  const claims = { userId: 7, sessionId: '0b3c4d5e-1f2a-4b3c-8d4e-5f6a7b8c9d0e' };

  it('answers the same claims on every use until it expires, remembered or not', async () => {
    const signer = createTokenSigner(secret);
    const token = await signer.sign(claims, t0, minutes(30));
    expect(await signer.verify(token, minutes(1))).toEqual(claims);
    expect(await signer.verify(token, minutes(29))).toEqual(claims);
    // Within the 30 s of clock tolerance, still good; past it, refused although it was verified before.
    expect(await signer.verify(token, new Date(minutes(30).getTime() + 29_000))).toEqual(claims);
    expect(await signer.verify(token, new Date(minutes(30).getTime() + 30_000))).toBeNull();
    expect(await signer.verify(token, minutes(29))).toEqual(claims);
  });

  it('refuses a token changed by one character, and one signed with another secret, after the real one was verified', async () => {
    const signer = createTokenSigner(secret);
    const token = await signer.sign(claims, t0, minutes(30));
    expect(await signer.verify(token, minutes(1))).toEqual(claims);
    // Not the last character: its lowest bits are padding that decodes to the same signature.
    const at = token.length - 10;
    const changed = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    expect(await signer.verify(changed, minutes(1))).toBeNull();
    const other = await createTokenSigner(`${secret}-other`).sign(claims, t0, minutes(30));
    expect(await signer.verify(other, minutes(1))).toBeNull();
    // A signer with another secret does not share what this one verified.
    expect(await createTokenSigner(`${secret}-other`).verify(token, minutes(1))).toBeNull();
  });
});
