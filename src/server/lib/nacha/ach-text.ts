/**
 * Text as an ACH file may carry it: upper-case printable ASCII. A bank's system reads the file byte by
 * byte at fixed positions, so a name like "José" written as UTF-8 would take five bytes for four letters
 * and shift every later field; accents are taken off ("JOSE"), a few letters that have no accent to take
 * off are spelled out, and anything else becomes a space.
 */
const SPELLED: Record<string, string> = {
  ß: 'SS', Æ: 'AE', æ: 'AE', Œ: 'OE', œ: 'OE', Ø: 'O', ø: 'O', Ł: 'L', ł: 'L', Đ: 'D', đ: 'D', Ð: 'D', ð: 'D',
  Þ: 'TH', þ: 'TH', ı: 'I', '\u2018': "'", '\u2019': "'", '\u201c': '"', '\u201d': '"', '\u2013': '-', '\u2014': '-',
};

export function achText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFD')) {
    if (/\p{M}/u.test(ch)) continue; // the accent of a decomposed letter
    const spelled = SPELLED[ch.normalize('NFC')];
    if (spelled !== undefined) out += spelled;
    else if (/^[\x20-\x7e]$/.test(ch)) out += ch;
    else out += ' ';
  }
  return out.toUpperCase().replace(/\s+/g, ' ').trim();
}

/** achText cut to a field's length. */
export const achField = (text: string, length: number): string => achText(text).slice(0, length).trimEnd();
