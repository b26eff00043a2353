/** The pages read for a K-1's text: the partner's name and identifying number are on the first page. */
export const TEXT_PAGES = 6;

type TextItem = { str: string };

/**
 * The selectable text of a PDF's first pages, as a viewer reads it (pdfjs-dist), for matching a K-1 to its
 * member; never kept. A PDF whose text cannot be read (a scan, a damaged or password-protected file)
 * answers '', and is matched by its file name alone. pdfjs is loaded on the first use only: a server
 * that never receives a batch does not carry it.
 */
export async function pdfText(bytes: Uint8Array, pages = TEXT_PAGES): Promise<string> {
  try {
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // pdfjs takes the buffer it is given: a copy, so the caller keeps the bytes to store.
    const pdf = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, isEvalSupported: false, verbosity: 0 }).promise;
    try {
      const texts: string[] = [];
      for (let number = 1; number <= Math.min(pdf.numPages, pages); number++) {
        const content = await (await pdf.getPage(number)).getTextContent();
        texts.push(content.items.filter((item): item is TextItem & typeof item => 'str' in item).map((item) => item.str).join('\n'));
      }
      return texts.join('\n');
    } finally {
      await pdf.destroy();
    }
  } catch {
    return '';
  }
}
