/**
 * Reads RFC 4180 text back as a spreadsheet would: records end with CRLF, quoted fields may hold commas,
 * quotes (doubled) and line breaks. Strict on purpose: a bare LF ending a record, or a quote in an
 * unquoted field, is an error, so a test catches a file another program would misread.
 */
export function readCsv(text: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let k = 0;
  while (k < body.length) {
    if (body[k] === '"' && field === '') {
      for (k++; ; k++) {
        if (k >= body.length) throw new Error('an unterminated quoted field');
        if (body[k] === '"') {
          if (body[k + 1] === '"') {
            field += '"';
            k++;
          } else break;
        } else field += body[k];
      }
      k++;
      if (body[k] !== ',' && body.slice(k, k + 2) !== '\r\n') throw new Error(`text after a closing quote at ${k}`);
    }
    if (body[k] === ',') {
      record.push(field);
      field = '';
      k++;
    } else if (body.slice(k, k + 2) === '\r\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      k += 2;
    } else {
      if (body[k] === '\n' || body[k] === '\r' || body[k] === '"') throw new Error(`a bare ${JSON.stringify(body[k])} at ${k}`);
      field += body[k];
      k++;
    }
  }
  if (field !== '' || record.length) throw new Error('the last record does not end with CRLF');
  return records;
}

/** The records as objects keyed by the header row. */
export function readCsvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = readCsv(text);
  return rows.map((row) => Object.fromEntries(header!.map((name, k) => [name, row[k] ?? ''])));
}
