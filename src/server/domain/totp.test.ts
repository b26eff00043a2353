import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, codeAt, matchingStep, stepAt } from './totp.js';

// RFC 6238 Appendix B, SHA-1: the secret "12345678901234567890", 8-digit codes; here the last 6 digits.
const RFC_SECRET = new TextEncoder().encode('12345678901234567890');
const RFC_VECTORS: [number, string][] = [[59, '94287082'], [1111111109, '07081804'], [1111111111, '14050471'], [1234567890, '89005924'], [2000000000, '69279037']];

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC test vectors (last six digits)', () => {
    for (const [seconds, code] of RFC_VECTORS) expect(codeAt(RFC_SECRET, Math.floor(seconds / 30))).toBe(code.slice(2));
  });

  it('round-trips base32 and refuses what is not base32', () => {
    expect(base32Encode(RFC_SECRET)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(RFC_SECRET);
    expect(base32Decode('not base32!')).toBeNull();
  });

  it('accepts a code of this step or one either side, once', () => {
    const secret = base32Encode(RFC_SECRET);
    const at = new Date(1111111111 * 1000);
    const step = stepAt(at);
    expect(matchingStep(secret, '050471', at, null)).toBe(step);
    expect(matchingStep(secret, codeAt(RFC_SECRET, step - 1), at, null)).toBe(step - 1);
    expect(matchingStep(secret, codeAt(RFC_SECRET, step + 2), at, null)).toBeNull();
    expect(matchingStep(secret, '050471', at, step)).toBeNull(); // already used
    expect(matchingStep(secret, '05047', at, null)).toBeNull();
  });
});
