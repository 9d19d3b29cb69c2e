import { fillPageText, type Language, type PrintDocument, type PrintItem, pageSizeMm } from '@canopy/contract';
import QRCode from 'qrcode';
import { loadPdfKit } from '../../lazy-libraries.js';
import { formatMoment } from '../transfer/cells.js';
import { printFonts } from './fonts.js';
import { PRINT_WORDS } from './words.js';

const MM = 72 / 25.4;
const GRID = '#d9d9d9';
const LABEL_BG = '#f5f5f5';
const MUTED = '#595959';
const PAD = 4;
const SIZES = { title: 18, heading: 13, body: 10.5, note: 9 } as const;
/** A picture in a field cell: at most this tall (points); pixels count at 96 dpi. */
const THUMB = 22 * MM;
const PX = 72 / 96;

/** The bytes of an image a print shows (PNG or JPEG of the team), by its /v1/files address. */
export type ImageLoader = (url: string) => Promise<Buffer | null>;

type Doc = PDFKit.PDFDocument;

/**
 * Lays a print document out with pdfkit: text is real text in the embedded (subset) Noto Sans SC,
 * one record starts a page, tables break across pages with their header repeated, header and footer
 * are written last, when the number of pages is known.
 */
export async function renderPdf(printDoc: PrintDocument, loadImage: ImageLoader, lang: Language): Promise<Buffer> {
  const fonts = await printFonts();
  const { width, height } = pageSizeMm(printDoc.page);
  const m = printDoc.page.margins;
  const margins = { top: m.top * MM, right: m.right * MM, bottom: m.bottom * MM, left: m.left * MM };
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: true,
    info: { Title: printDoc.title, Creator: 'Canopy' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const page = { size: [width * MM, height * MM] as [number, number], margins };
  const images = new Map<string, Buffer | null>();
  const image = async (url: string) => {
    if (!images.has(url)) images.set(url, await loadImage(url));
    return images.get(url) ?? null;
  };
  const layout = new Layout(doc, () => doc.addPage(page), lang);
  for (const record of printDoc.records) {
    doc.addPage(page);
    await layout.record(record.items, image);
  }
  if (!printDoc.records.length) doc.addPage(page);
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const values = { page: i + 1, pages: range.count, title: printDoc.title, date: printDoc.date };
    // Written in the margins: with the margins at 0 pdfkit does not start a new page for them.
    const kept = { ...doc.page.margins };
    doc.page.margins = { top: 0, right: 0, bottom: 0, left: 0 };
    doc.font('regular').fontSize(SIZES.note).fillColor(MUTED);
    const w = width * MM - margins.left - margins.right;
    if (printDoc.header)
      doc.text(fillPageText(printDoc.header, values), margins.left, Math.max(2, margins.top / 2 - 5), {
        width: w,
        align: 'center',
        lineBreak: false,
      });
    if (printDoc.footer)
      doc.text(
        fillPageText(printDoc.footer, values),
        margins.left,
        height * MM - Math.max(margins.bottom / 2 + 5, 12),
        { width: w, align: 'center', lineBreak: false },
      );
    doc.page.margins = kept;
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Writes items down the page, breaking to a new page where the next row would not fit. */
class Layout {
  constructor(
    private readonly doc: Doc,
    private readonly newPage: () => void,
    private readonly lang: Language,
  ) {}

  private get left() {
    return this.doc.page.margins.left;
  }
  private get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }
  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Room for `h` points below, else a new page (a row taller than a page is written anyway). */
  private ensure(h: number): void {
    const top = this.doc.page.margins.top;
    if (this.doc.y + h > this.bottom && this.doc.y > top + 1) {
      this.newPage();
      this.doc.y = this.doc.page.margins.top;
    }
  }

  private textHeight(text: string, font: 'regular' | 'bold', size: number, width: number): number {
    this.doc.font(font).fontSize(size);
    return this.doc.heightOfString(text || ' ', { width });
  }

  async record(items: PrintItem[], image: (url: string) => Promise<Buffer | null>): Promise<void> {
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as PrintItem;
      if (item.kind === 'field') {
        // Two half-width fields in a row share a line.
        const next = items[i + 1];
        if (item.width === 'half' && next?.kind === 'field' && next.width === 'half') {
          await this.fieldRow([item, next], image);
          i++;
        } else await this.fieldRow([item], image);
        continue;
      }
      this.doc.y += 2;
      if (item.kind === 'text') this.text(item);
      else if (item.kind === 'image') await this.image(item, image);
      else if (item.kind === 'qr') await this.qr(item);
      else if (item.kind === 'subTable')
        this.table(
          item.label,
          item.columns,
          item.rows.map((r) => r),
        );
      else if (item.kind === 'timeline') {
        const w = PRINT_WORDS;
        const l = this.lang;
        this.table(
          w.timeline[l],
          [w.node[l], w.who[l], w.action[l], w.comment[l], w.time[l]],
          item.entries.map((e) => [e.node, e.who, e.action, e.comment, formatMoment(new Date(e.at).toISOString())]),
        );
      }
      this.doc.y += 4;
    }
  }

  private text(item: Extract<PrintItem, { kind: 'text' }>): void {
    const size = SIZES[item.style];
    const font = item.style === 'title' || item.style === 'heading' ? 'bold' : 'regular';
    this.ensure(this.textHeight(item.text, font, size, this.width));
    this.doc
      .font(font)
      .fontSize(size)
      .fillColor(item.style === 'note' ? MUTED : '#000000')
      .text(item.text, this.left, this.doc.y, { width: this.width, align: item.align });
  }

  /** A picture opened once (pdfkit's openImage, not in its type declarations); null when unreadable. */
  private open(bytes: Buffer): { width: number; height: number } | null {
    try {
      return (this.doc as unknown as { openImage(b: Buffer): { width: number; height: number } }).openImage(bytes);
    } catch {
      return null;
    }
  }

  /**
   * A field's pictures placed in its value cell, left to right and wrapping: each at its own size
   * (pixels at 96 dpi) shrunk to fit a THUMB box, so the row is as tall as its pictures are, never
   * a fixed tall box around a small one. Pictures that cannot be read are named instead.
   */
  private async pictures(
    f: Extract<PrintItem, { kind: 'field' }>,
    width: number,
    image: (url: string) => Promise<Buffer | null>,
  ) {
    const placed: { pic: { width: number; height: number }; x: number; y: number; w: number; h: number }[] = [];
    const unread: string[] = [];
    let x = 0;
    let y = 0;
    let line = 0;
    for (const file of (f.files ?? []).filter((v) => v.isImage)) {
      const bytes = await image(file.url);
      const pic = bytes && this.open(bytes);
      if (!pic) {
        unread.push(file.name);
        continue;
      }
      const natural = { w: pic.width * PX, h: pic.height * PX };
      const scale = Math.min(1, THUMB / natural.h, Math.min(THUMB * 2, width) / natural.w);
      const w = natural.w * scale;
      const h = natural.h * scale;
      if (x > 0 && x + w > width) {
        x = 0;
        y += line + PAD;
        line = 0;
      }
      placed.push({ pic, x, y, w, h });
      x += w + PAD;
      line = Math.max(line, h);
    }
    return { placed, unread, height: placed.length ? y + line : 0 };
  }

  private async fieldRow(
    fields: Extract<PrintItem, { kind: 'field' }>[],
    image: (url: string) => Promise<Buffer | null>,
  ): Promise<void> {
    const cell = this.width / fields.length;
    const labelW = Math.min(cell * 0.35, 30 * MM);
    const valueW = cell - labelW;
    const inner = valueW - 2 * PAD;
    const pictures = await Promise.all(fields.map((f) => this.pictures(f, inner, image)));
    const texts = fields.map((f, i) => [f.text, ...(pictures[i]?.unread ?? [])].filter(Boolean).join('、'));
    const heights = fields.map((f, i) => {
      const label = this.textHeight(f.label, 'bold', SIZES.note, labelW - 2 * PAD);
      const pics = pictures[i]?.height ?? 0;
      const text = texts[i] || !pics ? this.textHeight(texts[i] ?? '', 'regular', SIZES.body, inner) : 0;
      return Math.max(label, text + (text && pics ? PAD : 0) + pics);
    });
    const h = Math.max(...heights) + 2 * PAD;
    this.ensure(h);
    const y = this.doc.y;
    fields.forEach((f, i) => {
      const x = this.left + i * cell;
      this.doc.rect(x, y, labelW, h).fillAndStroke(LABEL_BG, GRID);
      this.doc.rect(x + labelW, y, valueW, h).stroke(GRID);
      this.doc
        .font('bold')
        .fontSize(SIZES.note)
        .fillColor(MUTED)
        .text(f.label, x + PAD, y + PAD, { width: labelW - 2 * PAD });
      let top = y + PAD;
      if (texts[i]) {
        this.doc
          .font('regular')
          .fontSize(SIZES.body)
          .fillColor('#000000')
          .text(texts[i] ?? '', x + labelW + PAD, top, { width: inner });
        top = this.doc.y + PAD;
      }
      for (const p of pictures[i]?.placed ?? [])
        this.doc.image(p.pic as never, x + labelW + PAD + p.x, top + p.y, { width: p.w, height: p.h });
    });
    this.doc.x = this.left;
    this.doc.y = y + h;
  }

  private table(label: string, columns: string[], rows: string[][]): void {
    const heading = this.textHeight(label, 'bold', SIZES.body, this.width);
    this.ensure(heading + 24);
    this.doc
      .font('bold')
      .fontSize(SIZES.body)
      .fillColor('#000000')
      .text(label, this.left, this.doc.y, { width: this.width });
    this.doc.y += 2;
    const colW = this.width / Math.max(1, columns.length);
    const row = (cells: string[], head: boolean) => {
      const font = head ? 'bold' : 'regular';
      const size = head ? SIZES.note : SIZES.note + 0.5;
      const h = Math.max(...cells.map((c) => this.textHeight(c, font, size, colW - 2 * PAD)), 0) + 2 * PAD;
      return { h, draw: (y: number) => this.cells(cells, y, h, colW, font, size, head) };
    };
    // Drawing a cell's text moves the cursor: each row goes down by its own height from where it began.
    const put = (r: { h: number; draw: (y: number) => void }) => {
      const y = this.doc.y;
      r.draw(y);
      this.doc.y = y + r.h;
    };
    const header = row(columns, true);
    this.ensure(header.h);
    put(header);
    for (const cells of rows) {
      const r = row(cells, false);
      if (this.doc.y + r.h > this.bottom) {
        this.ensure(r.h + header.h);
        put(header);
      }
      put(r);
    }
    this.doc.x = this.left;
  }

  private cells(cells: string[], y: number, h: number, colW: number, font: string, size: number, head: boolean) {
    cells.forEach((c, i) => {
      const x = this.left + i * colW;
      if (head) this.doc.rect(x, y, colW, h).fillAndStroke(LABEL_BG, GRID);
      else this.doc.rect(x, y, colW, h).stroke(GRID);
      this.doc
        .font(font)
        .fontSize(size)
        .fillColor(head ? MUTED : '#000000')
        .text(c, x + PAD, y + PAD, { width: colW - 2 * PAD });
    });
  }

  private x(align: 'left' | 'center' | 'right', w: number): number {
    if (align === 'center') return this.left + (this.width - w) / 2;
    if (align === 'right') return this.left + this.width - w;
    return this.left;
  }

  private async image(item: Extract<PrintItem, { kind: 'image' }>, image: (url: string) => Promise<Buffer | null>) {
    const bytes = await image(item.url);
    if (!bytes) return;
    const w = Math.min(item.width * MM, this.width);
    const opened = this.open(bytes);
    if (!opened) return;
    const h = (opened.height / opened.width) * w;
    this.ensure(h);
    this.doc.image(opened as never, this.x(item.align, w), this.doc.y, { width: w });
    this.doc.y += h;
  }

  private async qr(item: Extract<PrintItem, { kind: 'qr' }>) {
    const code = QRCode.create(item.url, { errorCorrectionLevel: 'M' });
    const n = code.modules.size;
    const side = Math.min(item.size * MM, this.width);
    const cell = side / n;
    this.ensure(side);
    const x0 = this.x(item.align, side);
    const y0 = this.doc.y;
    this.doc.save().fillColor('#000000');
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) if (code.modules.get(r, c)) this.doc.rect(x0 + c * cell, y0 + r * cell, cell, cell);
    this.doc.fill().restore();
    this.doc.y = y0 + side;
  }
}
