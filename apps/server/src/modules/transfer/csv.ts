import fs from 'node:fs';

/** One row of a CSV file is longer than the reader takes (`row`: its number, the header being 1). */
export class CsvRowTooBig extends Error {
  constructor(
    readonly row: number,
    readonly maxChars: number,
  ) {
    super(`row ${row} is longer than ${maxChars} characters`);
  }
}

/**
 * A CSV file's rows, read as text in 1 MiB chunks and yielded a chunk's rows at a time. It reads what
 * csv-parse read with `bom`, `relax_column_count`, `skip_empty_lines` and `relax_quotes` (RFC 4180:
 * quoted fields with `""`, CRLF, LF or CR line ends; a quote inside an unquoted field is text) at a
 * fraction of the cost: csv-parse took ~12 µs a row, most of a 1M-row import's budget (issue 15).
 * A row longer than `maxRowChars` (a missing closing quote turns the rest of the file into one field)
 * throws CsvRowTooBig as soon as the reader is past the limit, not at the file's end.
 */
export async function* csvChunks(path: string, maxRowChars: number): AsyncGenerator<string[][]> {
  const stream = fs.createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  const reader = new CsvReader(maxRowChars);
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      const rows = reader.push(chunk);
      if (rows.length) yield rows;
    }
  } finally {
    stream.destroy();
  }
  const rows = reader.end();
  if (rows.length) yield rows;
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

// Where the reader is between two characters; a chunk ends anywhere and the next goes on from there.
/** Before a row: line ends here are empty lines, skipped. */
const LINE_START = 0;
/** A CR ended the row: an LF right after it belongs to it. */
const AFTER_CR = 1;
/** Before a field, after a comma. */
const FIELD_START = 2;
const UNQUOTED = 3;
const QUOTED = 4;
/** A quote inside a quoted field: `""` or its end, as the next character says. */
const QUOTE_IN_QUOTED = 5;
/** After a quoted field's closing quote: text up to the delimiter is kept as it stands (relaxed). */
const AFTER_QUOTED = 6;

/**
 * The CSV state machine, fed chunk by chunk: every character is looked at once, whatever the chunks
 * (reading again an unfinished row from its start at every chunk made a long row — a huge quoted
 * field, a missing closing quote — cost its length squared).
 */
export class CsvReader {
  private at: number = LINE_START;
  /** The field being read, in pieces (a field can span chunks). */
  private value = '';
  private row: string[] = [];
  /** The row's first field was quoted: a row of one empty quoted field is kept. */
  private quotedStart = false;
  /** Characters of the input before the current chunk, and where the current row started in it. */
  private base = 0;
  private rowStart = 0;
  /** Rows handed out: the row being read is `rows + 1`. */
  private count = 0;

  constructor(private readonly maxRowChars: number) {}

  /** The rows this chunk completes. */
  push(chunk: string): string[][] {
    let text = chunk;
    if (this.base === 0 && this.at === LINE_START && text.charCodeAt(0) === 0xfeff) {
      text = text.slice(1);
      this.base = 1;
      this.rowStart = 1;
    }
    const out: string[][] = [];
    const n = text.length;
    let i = 0;
    while (i < n) {
      switch (this.at) {
        case AFTER_CR:
          if (text.charCodeAt(i) === LF) i++;
          this.at = LINE_START;
          break;
        case LINE_START: {
          let c = text.charCodeAt(i);
          while (c === LF || c === CR) {
            i++;
            if (i === n) break;
            c = text.charCodeAt(i);
          }
          if (i === n) break;
          this.rowStart = this.base + i;
          this.quotedStart = c === QUOTE;
          this.at = FIELD_START;
          break;
        }
        case FIELD_START:
          if (text.charCodeAt(i) === QUOTE) {
            i++;
            this.at = QUOTED;
          } else this.at = UNQUOTED;
          break;
        case UNQUOTED:
        case AFTER_QUOTED: {
          const from = i;
          let c = 0;
          while (i < n) {
            c = text.charCodeAt(i);
            if (c === COMMA || c === LF || c === CR) break;
            i++;
          }
          if (i > from) this.value += text.slice(from, i);
          if (i === n) break;
          this.row.push(this.value);
          this.value = '';
          i++;
          if (c === COMMA) this.at = FIELD_START;
          else {
            this.endRow(out, this.base + i - 1);
            this.at = c === CR ? AFTER_CR : LINE_START;
          }
          break;
        }
        case QUOTED: {
          const q = text.indexOf('"', i);
          if (q === -1) {
            this.value += text.slice(i);
            i = n;
            break;
          }
          this.value += text.slice(i, q);
          i = q + 1;
          this.at = QUOTE_IN_QUOTED;
          break;
        }
        case QUOTE_IN_QUOTED:
          if (text.charCodeAt(i) === QUOTE) {
            this.value += '"';
            i++;
            this.at = QUOTED;
          } else this.at = AFTER_QUOTED;
          break;
      }
    }
    this.base += n;
    this.check(this.base);
    return out;
  }

  /** The last row, at the file's end (an unclosed quote's field runs to the end, as csv-parse relaxed). */
  end(): string[][] {
    const out: string[][] = [];
    if (this.at === LINE_START || this.at === AFTER_CR) return out;
    if (this.at !== FIELD_START || this.row.length) {
      this.row.push(this.value);
      this.value = '';
      this.endRow(out, this.base);
    }
    this.at = LINE_START;
    return out;
  }

  private endRow(out: string[][], end: number): void {
    this.check(end);
    const row = this.row;
    this.row = [];
    // A line of nothing is an empty line (skipped); one empty quoted field is a row.
    if (row.length === 1 && row[0] === '' && !this.quotedStart) return;
    out.push(row);
    this.count++;
  }

  /** Refuses the row being read once it is longer than the limit (`end`: where the reader is). */
  private check(end: number): void {
    if (this.at === LINE_START || this.at === AFTER_CR) return;
    if (end - this.rowStart > this.maxRowChars) throw new CsvRowTooBig(this.count + 1, this.maxRowChars);
  }
}
