import { fieldTypeLabel } from '@canopy/fields/web';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Flex, Tag, Typography, theme } from 'antd';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type CanvasItem, type FieldDraft, isNewKey } from './canvas-draft';
import { beforeId } from './useCanvasDnd';
import './form-canvas.css';

interface Props {
  item: CanvasItem;
  field: FieldDraft;
  columns: 1 | 2;
  selected: boolean;
  /** A dragged field would land just before this one. */
  aimed: boolean;
  onSelect: () => void;
}

/**
 * A field on the canvas as the form will show it (label, a sample input, its help text), half or full
 * width on a two-column form. Click or Enter selects it; space lifts it to move it with the arrows.
 */
export function CanvasField({ item, field, columns, selected, aimed, onSelect }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const drag = useDraggable({ id: item.key });
  const drop = useDroppable({ id: beforeId(item.key) });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    drag.listeners?.onKeyDown?.(event);
    if (event.key === 'Enter') onSelect();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card holding a label and a sample input is no <button>; dnd-kit gives it the role and keys
    <div
      ref={(node) => {
        drag.setNodeRef(node);
        drop.setNodeRef(node);
      }}
      {...drag.attributes}
      {...drag.listeners}
      role="button"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onClick={onSelect}
      aria-label={t('tables.canvas.fieldCard', { name: field.name, type: fieldTypeLabel(field.type) })}
      aria-current={selected ? 'true' : undefined}
      data-testid={`form-item-${field.name}`}
      data-field-row={item.key}
      className="form-canvas-field"
      style={{
        ['--fc-accent' as string]: token.colorPrimary,
        gridColumn: columns === 2 && item.wide ? 'span 2' : undefined,
        padding: '8px 12px',
        borderRadius: token.borderRadius,
        border: `1px ${selected ? 'solid' : 'dashed'} ${selected ? token.colorPrimary : token.colorBorder}`,
        background: selected ? token.colorPrimaryBg : token.colorBgContainer,
        boxShadow: aimed ? `0 -4px 0 0 ${token.colorPrimary}` : undefined,
        opacity: drag.isDragging ? 0.4 : item.hidden ? 0.6 : 1,
        cursor: 'grab',
      }}
    >
      <Flex gap={6} align="center" wrap>
        {field.required && <span style={{ color: token.colorError }}>*</span>}
        <Typography.Text strong>{field.name || t('tables.canvas.noName')}</Typography.Text>
        {isNewKey(item.key) && <Tag color="processing">{t('tables.canvas.unsavedField')}</Tag>}
        {item.hidden && <Tag>{t('tables.form.hidden')}</Tag>}
        {item.readOnly && <Tag>{t('tables.form.readOnly')}</Tag>}
      </Flex>
      <div
        style={{
          marginTop: 6,
          padding: '4px 8px',
          borderRadius: token.borderRadiusSM,
          border: `1px solid ${token.colorBorderSecondary}`,
          background: token.colorFillQuaternary,
          color: token.colorTextTertiary,
          fontSize: token.fontSizeSM,
        }}
      >
        {fieldTypeLabel(field.type)}
      </div>
      {item.helpText && (
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {item.helpText}
        </Typography.Text>
      )}
    </div>
  );
}
