/**
 * The simple formatting of an investor update, parsed into plain data the page renders as React elements
 * (never as HTML): a blank line starts a paragraph, a line break stays one, lines starting "- " make a
 * bullet list, **bold** and *italic* mark words. Everything else, "<script>" and links included, is text.
 */
export type Inline = { text: string; bold?: boolean; italic?: boolean };
export type Block = { type: 'paragraph'; lines: Inline[][] } | { type: 'list'; items: Inline[][] };

const BULLET = /^\s*- /;

/** One line's words: **bold** first, then *italic* inside or outside it; an unclosed marker stays text. */
export function parseInline(line: string): Inline[] {
  const out: Inline[] = [];
  const push = (text: string, marks: { bold?: boolean; italic?: boolean }) => {
    if (!text) return;
    const last = out.at(-1);
    if (last && !!last.bold === !!marks.bold && !!last.italic === !!marks.italic) last.text += text;
    else out.push({ text, ...(marks.bold ? { bold: true } : {}), ...(marks.italic ? { italic: true } : {}) });
  };
  const italics = (text: string, bold: boolean) => {
    const re = /\*(?=[^*\s])([^*]+?)(?<=[^*\s])\*/g;
    let at = 0;
    for (const m of text.matchAll(re)) {
      push(text.slice(at, m.index), { bold });
      push(m[1]!, { bold, italic: true });
      at = m.index + m[0].length;
    }
    push(text.slice(at), { bold });
  };
  const re = /\*\*(?=\S)((?:(?!\*\*).)+?)(?<=\S)\*\*/g;
  let at = 0;
  for (const m of line.matchAll(re)) {
    italics(line.slice(at, m.index), false);
    italics(m[1]!, true);
    at = m.index + m[0].length;
  }
  italics(line.slice(at), false);
  return out;
}

/** The blocks of an update's text, in order. */
export function parseUpdateText(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((l) => l.trim() !== '');
    let paragraph: Inline[][] = [];
    let list: Inline[][] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ type: 'paragraph', lines: paragraph });
      if (list.length) blocks.push({ type: 'list', items: list });
      paragraph = [];
      list = [];
    };
    for (const line of lines) {
      if (BULLET.test(line)) {
        if (paragraph.length) flush();
        list.push(parseInline(line.replace(BULLET, '')));
      } else {
        if (list.length) flush();
        paragraph.push(parseInline(line));
      }
    }
    flush();
  }
  return blocks;
}
