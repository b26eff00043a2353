import { describe, expect, it } from 'vitest';
import { formatRecoveryCode, normalizeRecoveryCode } from './recovery-code.js';

describe('recovery codes', () => {
  it('reads a code however it was typed: case, spaces, hyphens, and I/L/O misread as digits', () => {
    expect(normalizeRecoveryCode('ABCDE-FGHJK')).toBe('abcdefghjk');
    expect(normalizeRecoveryCode(' abcde fghjk ')).toBe('abcdefghjk');
    expect(normalizeRecoveryCode('0O1IL-23456')).toBe('00111' + '23456');
    expect(formatRecoveryCode('abcdefghjk')).toBe('abcde-fghjk');
  });

  it('refuses what cannot be a code', () => {
    for (const text of ['', 'abcde', 'abcde-fghjkm', 'abcde-fghju', '123456', 'abcde_fghjk']) expect(normalizeRecoveryCode(text)).toBeNull();
  });
});
