import { describe, expect, it } from 'vitest';
import { marginBoxContent, pageCss } from './print-model';

describe('print model', () => {
  it('turns page placeholders into the browser page counters', () => {
    expect(marginBoxContent('第 {page} 页 / 共 {pages} 页', { title: '报销', date: '2026-11-25' })).toBe(
      '"第 " counter(page) " 页 / 共 " counter(pages) " 页"',
    );
    expect(marginBoxContent('{title} "打印" {date}', { title: '报销', date: '2026-11-25' })).toBe(
      '"报销 \\"打印\\" 2026-11-25"',
    );
  });

  it('writes the paper size, orientation and margins into @page', () => {
    const css = pageCss({
      page: { size: 'A5', orientation: 'landscape', margins: { top: 10, right: 8, bottom: 12, left: 8 } },
      header: '',
      footer: '{page}',
      title: 't',
      date: 'd',
    });
    expect(css).toContain('size: 210mm 148mm;');
    expect(css).toContain('margin: 10mm 8mm 12mm 8mm;');
    expect(css).toContain('@bottom-center { content: counter(page);');
    expect(css).not.toContain('@top-center');
  });
});
