/**
 * How values travel: JSON bodies with numbers JSON.stringify cannot write (2^53+1 exactly, 1e400), and
 * query strings that may carry broken Unicode (a lone surrogate as the UTF-8 bytes of its code point, as a
 * careless client would send it; encodeURIComponent refuses to).
 */

/** A JSON number written as given, digit for digit. */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** JSON text written as given: nesting deeper than JSON.stringify (which recurses) can write. */
export class RawJson {
  constructor(readonly text: string) {}
}

const MARK = '\u0001raw\u0001';

/** JSON text of a value; own `__proto__` keys and raw numbers come out as written. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawNumber || v instanceof RawJson) {
      raws.push(v.text);
      return `${MARK}${raws.length - 1}`;
    }
    return v;
  });
  return (text ?? 'null').replace(new RegExp(`"${MARK}(\\d+)"`, 'g'), (_m, i: string) => raws[Number(i)]!);
}

/** Sets a key as an own property, even `__proto__` (plain assignment would change the prototype). */
export function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return target;
}

/** Percent-encodes text; a lone surrogate becomes the three bytes of its code point (WTF-8). */
export function encodeQueryText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

/**
 * Every string inside a value, keys included: what the client itself sent, which an answer may repeat.
 * A loop, not recursion: a hostile value may be nested 30,000 deep.
 */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
    else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v).reverse()) stack.push(child, k);
    }
  }
  return out;
}
