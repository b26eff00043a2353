import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

type TextItem = { str: string; transform: number[] };
export type ReadPage = { width: number; height: number; text: string; items: TextItem[]; fonts: { name: string; embedded: boolean }[] };

/** Reads a PDF back the way a viewer does: page sizes, the selectable text, and each font's file. */
export async function readPdf(bytes: Uint8Array): Promise<ReadPage[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, isEvalSupported: false }).promise;
  const pages: ReadPage[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const [, , width = 0, height = 0] = page.view;
    const content = await page.getTextContent();
    const items = content.items.filter((item): item is TextItem & typeof item => 'str' in item);
    await page.getOperatorList(); // loads the fonts into commonObjs
    const fonts = Object.keys(content.styles).map((id) => {
      const font = page.commonObjs.get(id) as { name: string; missingFile: boolean };
      return { name: font.name, embedded: !font.missingFile };
    });
    pages.push({ width, height, items, fonts, text: items.map((item) => item.str).join('\n') });
  }
  await pdf.destroy();
  return pages;
}

/** All the text of a PDF, page after page. */
export const pdfText = async (bytes: Uint8Array): Promise<string> => (await readPdf(bytes)).map((p) => p.text).join('\n');
