/**
 * Reads back the sheet bench/src/million/csv.ts writes (RFC 4180: quoted cells may hold commas,
 * quotes and line breaks; a UTF-8 BOM first), one row of cells at a time, without loading the file.
 */
import fs from 'node:fs';

export async function* csvRows(file: string): AsyncGenerator<string[]> {
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let afterQuote = false;
  let first = true;
  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    let text = chunk as string;
    if (first) {
      text = text.replace(/^\ufeff/, '');
      first = false;
    }
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (quoted) {
        if (c !== 34) continue;
        cell += text.slice(start, i);
        start = i + 1;
        if (text.charCodeAt(i + 1) === 34) {
          cell += '"';
          i++;
          start = i + 1;
        } else {
          quoted = false;
          afterQuote = true;
        }
        continue;
      }
      if (c === 34 && !afterQuote && cell === '' && start === i) {
        quoted = true;
        start = i + 1;
      } else if (c === 44) {
        row.push(cell + text.slice(start, i));
        cell = '';
        afterQuote = false;
        start = i + 1;
      } else if (c === 10) {
        const end = text.charCodeAt(i - 1) === 13 && i > start ? i - 1 : i;
        row.push((cell + text.slice(start, end)).replace(/\r$/, ''));
        yield row;
        row = [];
        cell = '';
        afterQuote = false;
        start = i + 1;
      }
    }
    // A cell that runs on into the next chunk.
    cell += text.slice(start);
  }
  if (cell !== '' || row.length) {
    row.push(cell.replace(/\r$/, ''));
    yield row;
  }
}
