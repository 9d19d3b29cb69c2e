import { FIELD_GROUPS, fieldTypeLabel, typesInGroup } from '@canopy/fields/web';
import { useDraggable } from '@dnd-kit/core';
import { Button, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { paletteId } from './useCanvasDnd';

/** One field type: drag it onto the form, lift it with the space bar, or press Enter to add it at the end. */
function PaletteEntry({ type, onAdd }: { type: string; onAdd: (type: string) => void }) {
  const { t } = useTranslation();
  const label = fieldTypeLabel(type);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: paletteId(type) });
  return (
    <Button
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      block
      size="small"
      autoInsertSpace={false}
      style={{ justifyContent: 'flex-start', opacity: isDragging ? 0.5 : 1, cursor: 'grab' }}
      aria-label={t('tables.canvas.addType', { type: label })}
      data-testid={`palette-${label}`}
      onClick={() => onAdd(type)}
    >
      {label}
    </Button>
  );
}

/** The field types of the registry, by group, as 简道云 and 宜搭 put them left of the form. */
export function FieldPalette({ onAdd }: { onAdd: (type: string) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={12} data-testid="field-palette" role="region" aria-label={t('tables.canvas.palette')}>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {t('tables.canvas.paletteHint')}
      </Typography.Text>
      {FIELD_GROUPS.map((group) => {
        const types = typesInGroup(group);
        if (!types.length) return null;
        return (
          <Flex key={group} vertical gap={6}>
            <Typography.Text strong style={{ fontSize: token.fontSizeSM }}>
              {t(`tables.groups.${group}`)}
            </Typography.Text>
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6 }}>
              {types.map((type) => (
                <PaletteEntry key={type} type={type} onAdd={onAdd} />
              ))}
            </div>
          </Flex>
        );
      })}
    </Flex>
  );
}
