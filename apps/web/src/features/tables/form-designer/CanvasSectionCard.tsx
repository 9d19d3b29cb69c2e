import { DeleteOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { Button, Card, Input, Popconfirm, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { CanvasField } from './CanvasField';
import type { CanvasDraft, CanvasSection, CanvasSlot } from './canvas-draft';
import { cardId, endId } from './useCanvasDnd';

interface Props {
  draft: CanvasDraft;
  section: CanvasSection;
  index: number;
  selected: string | null;
  dragging: string | null;
  overSlot: CanvasSlot | null;
  onSelect: (key: string) => void;
  onTitle: (title: string) => void;
  /** Absent on the only section. */
  onRemove?: () => void;
}

/** A section of the form: its title, its fields in one or two columns, and a strip to drop at its end. */
export function CanvasSectionCard({
  draft,
  section,
  index,
  selected,
  dragging,
  overSlot,
  onSelect,
  onTitle,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const card = useDroppable({ id: cardId(section.id) });
  const end = useDroppable({ id: endId(section.id) });
  const aimedHere = dragging !== null && overSlot?.section === section.id;
  return (
    <Card
      size="small"
      data-testid={`form-design-section-${index}`}
      style={aimedHere ? { borderColor: token.colorPrimary } : undefined}
      title={
        <Input
          variant="borderless"
          value={section.title}
          maxLength={64}
          placeholder={t('tables.canvas.untitledSection', { n: index + 1 })}
          aria-label={t('tables.form.sectionTitle')}
          data-testid="section-title"
          onChange={(e) => onTitle(e.target.value)}
        />
      }
      extra={
        onRemove && (
          <Popconfirm
            title={t('tables.form.removeSection')}
            description={t('tables.form.removeSectionHint')}
            onConfirm={onRemove}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('tables.form.removeSection')} />
          </Popconfirm>
        )
      }
    >
      <div ref={card.setNodeRef}>
        <div
          style={{ display: 'grid', gridTemplateColumns: draft.columns === 2 ? '1fr 1fr' : '1fr', gap: 8 }}
          data-testid="form-design-grid"
        >
          {section.items.map((item) => {
            const field = draft.fields[item.key];
            return field ? (
              <CanvasField
                key={item.key}
                item={item}
                field={field}
                columns={draft.columns}
                selected={selected === item.key}
                aimed={dragging !== null && dragging !== item.key && overSlot?.before === item.key}
                onSelect={() => onSelect(item.key)}
              />
            ) : null;
          })}
        </div>
        <div
          ref={end.setNodeRef}
          data-testid={aimedHere && overSlot?.before === null ? 'form-drop-indicator' : 'form-drop-end'}
          style={{
            marginTop: 8,
            minHeight: section.items.length ? 12 : 48,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            borderRadius: token.borderRadiusSM,
            border:
              aimedHere && overSlot?.before === null
                ? `2px solid ${token.colorPrimary}`
                : section.items.length
                  ? undefined
                  : `1px dashed ${token.colorBorder}`,
          }}
        >
          {section.items.length === 0 && (
            <Typography.Text type="secondary">{t('tables.form.dropHere')}</Typography.Text>
          )}
        </div>
      </div>
    </Card>
  );
}
