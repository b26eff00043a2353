import { describe, expect, it } from 'vitest';
import { imageTypeOf } from './image-type.js';

describe('imageTypeOf', () => {
  it('reads JPEG, PNG and WebP from their first bytes', () => {
    expect(imageTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(imageTypeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(imageTypeOf(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses anything else, whatever it claims to be', () => {
    expect(imageTypeOf(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(imageTypeOf(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(imageTypeOf(new TextEncoder().encode('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });
});
