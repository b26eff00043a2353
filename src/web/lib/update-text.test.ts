import { describe, expect, it } from 'vitest';
import { parseInline, parseUpdateText } from './update-text';

describe('update text', () => {
  it('splits paragraphs at blank lines and keeps line breaks inside one', () => {
    expect(parseUpdateText('Hello all,\nsecond line\n\nNew paragraph')).toEqual([
      { type: 'paragraph', lines: [[{ text: 'Hello all,' }], [{ text: 'second line' }]] },
      { type: 'paragraph', lines: [[{ text: 'New paragraph' }]] },
    ]);
  });

  it('makes bullet lists of "- " lines, between paragraphs', () => {
    expect(parseUpdateText('Done this quarter:\n- roof\n- **boiler**\nThanks')).toEqual([
      { type: 'paragraph', lines: [[{ text: 'Done this quarter:' }]] },
      { type: 'list', items: [[{ text: 'roof' }], [{ text: 'boiler', bold: true }]] },
      { type: 'paragraph', lines: [[{ text: 'Thanks' }]] },
    ]);
  });

  it('marks bold, italic and italic inside bold; unclosed markers stay text', () => {
    expect(parseInline('a **b** and *c* then **d *e* f**')).toEqual([
      { text: 'a ' }, { text: 'b', bold: true }, { text: ' and ' }, { text: 'c', italic: true }, { text: ' then ' },
      { text: 'd ', bold: true }, { text: 'e', bold: true, italic: true }, { text: ' f', bold: true },
    ]);
    expect(parseInline('2 * 3 = 6 and **open')).toEqual([{ text: '2 * 3 = 6 and **open' }]);
  });

  it('keeps HTML and links as literal text', () => {
    const text = '<script>alert(1)</script> [click](javascript:alert(1)) <a href="javascript:x">x</a> https://example.com';
    expect(parseUpdateText(text)).toEqual([{ type: 'paragraph', lines: [[{ text }]] }]);
  });

  it('reads Windows line ends and an empty text', () => {
    expect(parseUpdateText('a\r\n\r\nb')).toHaveLength(2);
    expect(parseUpdateText('')).toEqual([]);
  });
});
