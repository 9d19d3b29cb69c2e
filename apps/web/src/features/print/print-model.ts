import {
  DEFAULT_PRINT_PAGE,
  type PrintBlock,
  type PrintPage,
  pageSizeMm,
  type SavePrintTemplateBody,
} from '@canopy/contract';

/** A CSS string literal. */
const cssString = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, ' ')}"`;

/**
 * A header or footer as the content of a page margin box: {page} and {pages} become the browser's
 * own page counters, {title} and {date} their text.
 */
export function marginBoxContent(text: string, v: { title: string; date: string }): string {
  const parts = text
    .replaceAll('{title}', v.title)
    .replaceAll('{date}', v.date)
    .split(/(\{page\}|\{pages\})/);
  return parts
    .filter((p) => p !== '')
    .map((p) => (p === '{page}' ? 'counter(page)' : p === '{pages}' ? 'counter(pages)' : cssString(p)))
    .join(' ');
}

/** The @page rule of a print: paper size, orientation, margins, header and footer in the margins. */
export function pageCss(doc: { page: PrintPage; header: string; footer: string; title: string; date: string }): string {
  const { width, height } = pageSizeMm(doc.page);
  const m = doc.page.margins;
  const box = (name: string, text: string) =>
    text ? `@${name} { content: ${marginBoxContent(text, doc)}; font-size: 9pt; color: #595959; }` : '';
  return [
    '@page {',
    `  size: ${width}mm ${height}mm;`,
    `  margin: ${m.top}mm ${m.right}mm ${m.bottom}mm ${m.left}mm;`,
    `  ${box('top-center', doc.header)}`,
    `  ${box('bottom-center', doc.footer)}`,
    '}',
  ].join('\n');
}

/** A new template: A4 portrait, the title and the given fields, page numbers in the footer. */
export function newTemplate(name: string, title: string, fieldCodes: string[], footer: string): SavePrintTemplateBody {
  const blocks: PrintBlock[] = [
    { kind: 'text', text: title, style: 'title', align: 'center' },
    ...fieldCodes.map((field): PrintBlock => ({ kind: 'field', field, width: 'full' })),
  ];
  return { name, page: DEFAULT_PRINT_PAGE, header: '', footer, blocks };
}
