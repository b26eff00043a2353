import { XMLParser } from 'fast-xml-parser';
import { ValidationError } from '../../../lib/errors.js';

const MAX_DEPTH = 64;
const NOT_OFX_DEPTH = 'This is not a bank statement: its OFX nests deeper than any statement does.';

/**
 * OFX as a tree of text. OFX 1.x is SGML: a leaf's closing tag may be left out (`<TRNAMT>-12.50` then
 * the next tag), which no XML parser accepts. This rewrites the body as XML by closing each leaf where
 * its text ends, keeps the closing tags the file has, and closes what is left open; then the well-kept
 * fast-xml-parser reads it. OFX 2.x is XML already and passes through the same steps unchanged, which
 * also forgives a 2.x file that leaves a leaf open (some banks' "2.x" files do). Values stay text
 * (parseTagValue off): an amount must reach amount-text.ts as the bank wrote it, never as a float.
 */

/** The elements that may repeat: one tree shape whether a file has one of them or several. */
const REPEATING = new Set(['STMTTRN', 'STMTTRNRS', 'CCSTMTTRNRS', 'STMTRS', 'CCSTMTRS', 'BANKMSGSRSV1', 'CREDITCARDMSGSRSV1']);

const TAG_NAME = /^[A-Z_][A-Z0-9_.-]*$/;

type Token = { close: boolean; name: string; text: string };

/** Entities stay as written; a bare "&" (banks send "R&M") becomes "&amp;" so the XML stays well formed. */
function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-f]{1,6});)/gi, '&amp;')
    .replace(/>/g, '&gt;');
}

/** The tags of the body from `<OFX>` on, each with the text after it; declarations and comments are dropped. */
function tokensOf(text: string): Token[] {
  const start = text.search(/<OFX>/i);
  const body = start < 0 ? '' : text.slice(start);
  const tokens: Token[] = [];
  for (const match of body.matchAll(/<([^<>]*)>([^<]*)/g)) {
    const inner = (match[1] ?? '').trim();
    const after = match[2] ?? '';
    if (inner.startsWith('?') || inner.startsWith('!')) continue;
    const close = inner.startsWith('/');
    const name = (close ? inner.slice(1) : inner).trim().split(/\s/)[0]!.toUpperCase();
    if (!TAG_NAME.test(name)) continue;
    tokens.push({ close, name, text: after });
  }
  return tokens;
}

/** The body rewritten as well-formed XML (see the file's comment). */
export function ofxToXml(text: string): string {
  const tokens = tokensOf(text);
  /** Names the file closes somewhere: an empty tag of another name is an empty leaf, not an aggregate. */
  const closed = new Set(tokens.filter((t) => t.close).map((t) => t.name));
  const out: string[] = [];
  const open: string[] = [];
  // How many of each name are open: a closing tag of a name none is open of is dropped at once, so no
  // file (a stack of opens, then a flood of stray closes) makes the search below scan the stack each time.
  const openOf = new Map<string, number>();
  const pop = () => {
    const name = open.pop()!;
    openOf.set(name, openOf.get(name)! - 1);
    out.push(`</${name}>`);
  };
  tokens.forEach((token, k) => {
    const next = tokens[k + 1];
    if (token.close) {
      if (!openOf.get(token.name)) return;
      const at = open.lastIndexOf(token.name);
      while (open.length > at) pop();
      return;
    }
    const value = token.text.trim();
    const closedNext = next !== undefined && next.close && next.name === token.name;
    if ((value !== '' || !closed.has(token.name)) && !closedNext) {
      out.push(`<${token.name}>${escapeText(value)}</${token.name}>`);
    } else {
      // An OFX statement nests a dozen levels deep; far deeper is no statement, and the parser need not see it.
      if (open.length >= MAX_DEPTH) throw new ValidationError(NOT_OFX_DEPTH);
      out.push(`<${token.name}>${escapeText(value)}`);
      open.push(token.name);
      openOf.set(token.name, (openOf.get(token.name) ?? 0) + 1);
    }
  });
  while (open.length > 0) pop();
  return out.join('');
}

/** An element of the tree: text for a leaf, an object of children for an aggregate. */
export type OfxNode = string | { [name: string]: OfxNode | OfxNode[] };

/** The OFX tree, from `<OFX>` down; an empty object when the text has no OFX body. */
export function readOfxTree(text: string): Record<string, OfxNode | OfxNode[]> {
  const parser = new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: true,
    processEntities: true,
    isArray: (name) => REPEATING.has(name),
  });
  const tree = parser.parse(ofxToXml(text)) as Record<string, unknown>;
  const ofx = tree.OFX;
  return typeof ofx === 'object' && ofx !== null ? (ofx as Record<string, OfxNode | OfxNode[]>) : {};
}
