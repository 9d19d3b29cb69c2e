import { fillPageText, type PrintDocument, type PrintItem, pageSizeMm } from '@canopy/contract';
import dayjs from 'dayjs';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from './QrCode';

const GRID = '1px solid #d9d9d9';
const LABEL_BG = '#f5f5f5';
const SIZES = { title: '18pt', heading: '13pt', body: '10.5pt', note: '9pt' } as const;
const justify = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

/**
 * One record on paper as the preview shows it: the same blocks the PDF lays out. On screen each
 * record is a sheet of the page's size with its header and footer; printed, the sheets flow over
 * the browser's pages and the @page rule writes header and footer with real page numbers.
 */
export function PrintSheet({
  doc,
  record,
  index,
}: {
  doc: PrintDocument;
  record: PrintDocument['records'][number];
  index: number;
}) {
  const { width, height } = pageSizeMm(doc.page);
  const m = doc.page.margins;
  const values = { page: index + 1, pages: doc.records.length, title: doc.title, date: doc.date };
  return (
    <section
      className="print-sheet"
      style={{
        width: `${width}mm`,
        minHeight: `${height}mm`,
        padding: `${m.top}mm ${m.right}mm ${m.bottom}mm ${m.left}mm`,
      }}
      data-testid="print-sheet"
    >
      {doc.header && (
        <div className="print-screen-only print-header" style={{ height: `${m.top}mm` }}>
          {fillPageText(doc.header, values)}
        </div>
      )}
      <Items items={record.items} />
      {doc.footer && (
        <div className="print-screen-only print-footer" style={{ height: `${m.bottom}mm` }}>
          {fillPageText(doc.footer, values)}
        </div>
      )}
    </section>
  );
}

/** Consecutive half-width fields share a row, as in the PDF. */
function Items({ items }: { items: PrintItem[] }) {
  const out: ReactNode[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as PrintItem;
    const next = items[i + 1];
    if (item.kind === 'field' && item.width === 'half' && next?.kind === 'field' && next.width === 'half') {
      out.push(<FieldRow key={i} fields={[item, next]} />);
      i++;
    } else if (item.kind === 'field') out.push(<FieldRow key={i} fields={[item]} />);
    else out.push(<Block key={i} item={item} />);
  }
  return <>{out}</>;
}

function FieldRow({ fields }: { fields: Extract<PrintItem, { kind: 'field' }>[] }) {
  return (
    // Rows overlap by their 1px border, so stacked rows show one line between them.
    <div style={{ display: 'flex', borderTop: GRID, borderLeft: GRID, marginTop: -1, breakInside: 'avoid' }}>
      {fields.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one or two cells of a fixed row
        <div key={i} style={{ display: 'flex', flex: 1, minWidth: 0 }} data-testid="print-field">
          <div
            style={{
              width: fields.length === 2 ? '35%' : '30mm',
              flex: 'none',
              background: LABEL_BG,
              color: '#595959',
              fontSize: SIZES.note,
              fontWeight: 600,
              padding: '1.4mm',
              borderRight: GRID,
              borderBottom: GRID,
            }}
          >
            {f.label}
          </div>
          <div
            style={{
              flex: 1,
              minWidth: 0,
              fontSize: SIZES.body,
              padding: '1.4mm',
              borderRight: GRID,
              borderBottom: GRID,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {f.text}
            {f.files?.some((x) => x.isImage) && (
              // Each picture at its own size up to 22 mm tall, as the PDF places them: the row is as
              // tall as its pictures, with no room kept below a small one.
              <div
                style={{
                  display: 'flex',
                  gap: '1.4mm',
                  flexWrap: 'wrap',
                  alignItems: 'flex-start',
                  marginTop: f.text ? '1mm' : 0,
                }}
              >
                {f.files
                  .filter((x) => x.isImage)
                  .map((x) => (
                    <img
                      key={x.url}
                      src={x.url}
                      alt={x.name}
                      style={{ display: 'block', maxWidth: '44mm', maxHeight: '22mm', objectFit: 'contain' }}
                      data-testid="print-picture"
                    />
                  ))}
              </div>
            )}
          </div>
        </div>
      ))}
    </div>
  );
}

function Table({ label, columns, rows }: { label: string; columns: string[]; rows: string[][] }) {
  const cell: CSSProperties = { border: GRID, padding: '1.2mm', textAlign: 'left', verticalAlign: 'top' };
  return (
    <div style={{ margin: '2mm 0' }}>
      <div style={{ fontWeight: 600, fontSize: SIZES.body, marginBottom: '1mm' }}>{label}</div>
      <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: SIZES.note, tableLayout: 'fixed' }}>
        <thead>
          <tr>
            {columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a printed table never changes
              <th key={i} style={{ ...cell, background: LABEL_BG, color: '#595959' }}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a printed table never changes
            <tr key={i} style={{ breakInside: 'avoid' }}>
              {r.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a printed table never changes
                <td key={j} style={{ ...cell, overflowWrap: 'anywhere' }}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Block({ item }: { item: Exclude<PrintItem, { kind: 'field' }> }) {
  const { t } = useTranslation();
  switch (item.kind) {
    case 'text':
      return (
        <div
          style={{
            textAlign: item.align,
            fontSize: SIZES[item.style],
            fontWeight: item.style === 'title' || item.style === 'heading' ? 600 : 400,
            color: item.style === 'note' ? '#595959' : undefined,
            whiteSpace: 'pre-wrap',
            margin: '1.5mm 0',
          }}
        >
          {item.text}
        </div>
      );
    case 'image':
      return (
        <div style={{ display: 'flex', justifyContent: justify[item.align], margin: '1.5mm 0' }}>
          <img src={item.url} alt="" style={{ width: `${item.width}mm`, maxWidth: '100%' }} />
        </div>
      );
    case 'qr':
      return (
        <div style={{ display: 'flex', justifyContent: justify[item.align], margin: '1.5mm 0' }}>
          <QrCode text={item.url} sizeMm={item.size} />
        </div>
      );
    case 'subTable':
      return <Table label={item.label} columns={item.columns} rows={item.rows} />;
    case 'timeline':
      return (
        <Table
          label={t('print.timeline')}
          columns={[t('print.node'), t('print.who'), t('print.action'), t('print.comment'), t('print.time')]}
          rows={item.entries.map((e) => [
            e.node,
            e.who,
            e.action,
            e.comment,
            dayjs(e.at).format('YYYY-MM-DD HH:mm:ss'),
          ])}
        />
      );
  }
}

/** Screen and print styles of the sheets (the @page rule comes with each document). */
export const SHEET_CSS = `
.print-sheet { position: relative; box-sizing: border-box; background: #fff; color: #000; margin: 0 auto 16px;
  box-shadow: 0 1px 6px rgba(0,0,0,.15); font-family: "Noto Sans SC", "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif; }
.print-header, .print-footer { position: absolute; left: 0; right: 0; display: flex; align-items: center;
  justify-content: center; font-size: 9pt; color: #595959; }
.print-header { top: 0; }
.print-footer { bottom: 0; }
@media print {
  body { background: #fff !important; }
  body > :not(#root) { display: none !important; }
  .print-hide, .print-screen-only { display: none !important; }
  .print-stage { padding: 0 !important; background: #fff !important; overflow: visible !important; height: auto !important; }
  .print-sheet { width: auto !important; min-height: 0 !important; padding: 0 !important; margin: 0 !important;
    box-shadow: none !important; break-after: page; }
  .print-sheet:last-child { break-after: auto; }
}
`;
