import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { ofxToXml, readOfxTree } from './ofx-xml';

describe('ofxToXml: OFX 1.x SGML as XML', () => {
  it('closes each leaf where its text ends and keeps the aggregates', () => {
    const sgml = 'OFXHEADER:100\nDATA:OFXSGML\n\n<OFX>\n<STMTTRN>\n<TRNAMT>-12.50\n<NAME>R&M\n</STMTTRN>\n</OFX>\n';
    expect(ofxToXml(sgml)).toBe('<OFX><STMTTRN><TRNAMT>-12.50</TRNAMT><NAME>R&amp;M</NAME></STMTTRN></OFX>');
  });

  it('leaves closed leaves, entities and XML declarations of OFX 2.x as they are', () => {
    const xml = '<?xml version="1.0"?><?OFX OFXHEADER="200"?><OFX><NAME>A &amp; B</NAME><MEMO></MEMO></OFX>';
    expect(ofxToXml(xml)).toBe('<OFX><NAME>A &amp; B</NAME><MEMO></MEMO></OFX>');
  });

  it('makes an empty leaf the file never closes empty, and closes what is left open', () => {
    const out = ofxToXml('<OFX><STMTTRN><MEMO><FITID>1</STMTTRN><BANKTRANLIST></OFX>');
    expect(out).toBe('<OFX><STMTTRN><MEMO></MEMO><FITID>1</FITID></STMTTRN><BANKTRANLIST></BANKTRANLIST></OFX>');
    expect(XMLValidator.validate(out)).toBe(true);
  });
});

describe('readOfxTree', () => {
  it('keeps values as text (no numbers) and repeats as lists', () => {
    const tree = readOfxTree('<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><STMTTRN><TRNAMT>0010.50<FITID>007</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>');
    expect(tree).toEqual({
      BANKMSGSRSV1: [{ STMTTRNRS: [{ STMTRS: [{ BANKTRANLIST: { STMTTRN: [{ TRNAMT: '0010.50', FITID: '007' }] } }] }] }],
    });
  });

  it('is empty for text without an OFX body', () => {
    expect(readOfxTree('OFXHEADER:100\n')).toEqual({});
  });
});

describe('OFX that is no statement', () => {
  it('refuses nesting far deeper than a statement, in words', () => {
    expect(() => ofxToXml(`<OFX>${'<A>'.repeat(1000)}x</A>`)).toThrow('This is not a bank statement: its OFX nests deeper than any statement does.');
  });

  it('drops closing tags of names that are not open, keeping the rest well formed', () => {
    expect(ofxToXml('<OFX><BANKTRANLIST><STMTTRN><TRNAMT>-1.00</B></C></STMTTRN></D></BANKTRANLIST></OFX>'))
      .toBe('<OFX><BANKTRANLIST><STMTTRN><TRNAMT>-1.00</TRNAMT></STMTTRN></BANKTRANLIST></OFX>');
  });
});
