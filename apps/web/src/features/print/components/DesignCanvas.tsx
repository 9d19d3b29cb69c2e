import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import type { FieldInfo, PrintBlock, SavePrintTemplateBody } from '@canopy/contract';
import { fillPageText, pageSizeMm } from '@canopy/contract';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Empty, Flex, theme } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from './QrCode';

/**
 * The page being designed, at its real size: margins as padding, header and footer in them, each
 * block as it will roughly look (fields with a sample value). A click selects a block; the selected
 * one moves up or down or goes.
 */
export function DesignCanvas({
  template,
  title,
  fields,
  selected,
  onSelect,
  onChange,
}: {
  template: SavePrintTemplateBody;
  /** The table's name, for {title}. */
  title: string;
  fields: FieldInfo[];
  selected: number | null;
  onSelect: (index: number | null) => void;
  onChange: (blocks: PrintBlock[]) => void;
}) {
  const { t } = useTranslation();
  const { width, height } = pageSizeMm(template.page);
  const m = template.page.margins;
  const blocks = template.blocks;
  // Blocks have no ids of their own: their place names them while one is dragged.
  const ids = blocks.map((_, i) => `block-${i}`);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  /** Moves a block to another place; the selection goes with it. */
  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length) return;
    onChange(arrayMove(blocks, from, to));
    onSelect(to);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  const nameOf = (code: string) => fields.find((f) => f.code === code)?.name ?? t('print.missingField');

  const look = (b: PrintBlock): ReactNode => {
    switch (b.kind) {
      case 'field':
        return (
          <Flex style={{ border: '1px solid #d9d9d9' }}>
            <div style={{ width: '30mm', background: '#f5f5f5', padding: '1.4mm', fontSize: '9pt', color: '#595959' }}>
              {nameOf(b.field)}
            </div>
            <div style={{ padding: '1.4mm', color: '#bfbfbf', fontSize: '10pt' }}>{t('print.valueSample')}</div>
          </Flex>
        );
      case 'subTable':
        return (
          <div style={{ fontSize: '10pt' }}>
            <strong>{nameOf(b.field)}</strong>
            <div style={{ border: '1px dashed #d9d9d9', padding: '2mm', color: '#8c8c8c' }}>
              {t('print.block.subTable')}
            </div>
          </div>
        );
      case 'text':
        return (
          <div
            style={{
              textAlign: b.align,
              fontSize: { title: '18pt', heading: '13pt', body: '10.5pt', note: '9pt' }[b.style],
              fontWeight: b.style === 'title' || b.style === 'heading' ? 600 : 400,
              whiteSpace: 'pre-wrap',
            }}
          >
            {b.text}
          </div>
        );
      case 'image':
        return (
          <Flex justify={{ left: 'flex-start', center: 'center', right: 'flex-end' }[b.align]}>
            <img src={`/v1/files/${b.fileId}`} alt="" style={{ width: `${b.width}mm`, maxWidth: '100%' }} />
          </Flex>
        );
      case 'timeline':
        return (
          <div style={{ border: '1px dashed #d9d9d9', padding: '2mm', color: '#8c8c8c', fontSize: '10pt' }}>
            {t('print.block.timeline')}
          </div>
        );
      case 'qr':
        return (
          <Flex justify={{ left: 'flex-start', center: 'center', right: 'flex-end' }[b.align]}>
            <QrCode text={`${window.location.origin}/app`} sizeMm={b.size} />
          </Flex>
        );
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a click on the empty page clears the selection (Escape-free; blocks are buttons)
    <div
      style={{
        width: `${width}mm`,
        minHeight: `${height}mm`,
        padding: `${m.top}mm ${m.right}mm ${m.bottom}mm ${m.left}mm`,
        background: '#fff',
        margin: '0 auto',
        position: 'relative',
        boxShadow: '0 1px 6px rgba(0,0,0,.15)',
        boxSizing: 'border-box',
      }}
      onClick={() => onSelect(null)}
      data-testid="print-canvas"
    >
      {template.header && <Margin top={0} height={m.top} text={template.header} title={title} />}
      {!blocks.length && <Empty description={t('print.emptyCanvas')} />}
      <Flex wrap>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={rectSortingStrategy}>
            {blocks.map((b, i) => (
              <SortableBlock
                key={ids[i]}
                id={ids[i] as string}
                half={b.kind === 'field' && b.width === 'half'}
                selected={selected === i}
                onSelect={() => onSelect(i)}
                tools={
                  <Flex gap={2} style={{ position: 'absolute', top: -14, right: 0, zIndex: 1 }}>
                    <Button
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={t('print.moveUp')}
                      onClick={(e) => {
                        e.stopPropagation();
                        move(i, i - 1);
                      }}
                    />
                    <Button
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={t('print.moveDown')}
                      onClick={(e) => {
                        e.stopPropagation();
                        move(i, i + 1);
                      }}
                    />
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('print.removeBlock')}
                      data-testid="print-block-remove"
                      onClick={(e) => {
                        e.stopPropagation();
                        onSelect(null);
                        onChange(blocks.filter((_, j) => j !== i));
                      }}
                    />
                  </Flex>
                }
              >
                {look(b)}
              </SortableBlock>
            ))}
          </SortableContext>
        </DndContext>
      </Flex>
      {template.footer && <Margin bottom={0} height={m.bottom} text={template.footer} title={title} />}
    </div>
  );
}

function Margin({
  text,
  title,
  height,
  top,
  bottom,
}: {
  text: string;
  title: string;
  height: number;
  top?: number;
  bottom?: number;
}) {
  return (
    <Flex
      align="center"
      justify="center"
      style={{
        position: 'absolute',
        left: 0,
        right: 0,
        top,
        bottom,
        height: `${height}mm`,
        fontSize: '9pt',
        color: '#8c8c8c',
      }}
    >
      {fillPageText(text, { page: 1, pages: 1, title, date: dayjs().format('YYYY-MM-DD') })}
    </Flex>
  );
}

/** One block on the canvas: click to select, drag (or the arrows) to move. */
function SortableBlock({
  id,
  half,
  selected,
  onSelect,
  tools,
  children,
}: {
  id: string;
  half: boolean;
  selected: boolean;
  onSelect: () => void;
  tools: ReactNode;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dnd-kit gives it role="button" and keyboard moves
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onClick={(e) => {
        e.stopPropagation();
        onSelect();
      }}
      onKeyUp={(e) => {
        if (e.key === 'Enter') onSelect();
      }}
      style={{
        width: half ? '50%' : '100%',
        position: 'relative',
        padding: 2,
        outline: selected ? `2px solid ${token.colorPrimary}` : '1px dashed transparent',
        cursor: isDragging ? 'grabbing' : 'grab',
        transform: CSS.Translate.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        background: isDragging ? '#fff' : undefined,
      }}
      data-testid="print-block"
    >
      {children}
      {selected && tools}
    </div>
  );
}
