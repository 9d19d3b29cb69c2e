import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import { Button, Flex, Switch, Tooltip, Typography, theme } from 'antd';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveColumn, type ResolvedColumn, setFrozen, setHidden } from '../view-model';

interface Props {
  columns: ResolvedColumn[];
  onChange: (columns: ResolvedColumn[]) => void;
  /** Grids freeze columns; cards only show or hide fields. */
  freezable: boolean;
}

/** Which fields show, in what order, and which stay pinned at the left. */
export function FieldsPanel({ columns, onChange, freezable }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);

  const drop = (index: number) => {
    if (dragging)
      onChange(
        moveColumn(columns, dragging, index > columns.findIndex((c) => c.field.code === dragging) ? index - 1 : index),
      );
    setDragging(null);
    setOver(null);
  };

  return (
    <Flex vertical style={{ width: 320 }} data-testid="fields-panel">
      <Flex justify="space-between" style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">{t('views.dragToSort')}</Typography.Text>
        <Flex gap={4}>
          <Button size="small" type="link" onClick={() => onChange(columns.map((c) => ({ ...c, hidden: false })))}>
            {t('views.showAll')}
          </Button>
          <Button size="small" type="link" onClick={() => onChange(columns.map((c) => ({ ...c, hidden: true })))}>
            {t('views.hideAll')}
          </Button>
        </Flex>
      </Flex>
      <div style={{ maxHeight: 360, overflowY: 'auto' }}>
        {columns.map((c, index) => (
          <Flex
            key={c.field.code}
            align="center"
            gap={6}
            draggable
            onDragStart={(e: DragEvent) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', c.field.code);
              setDragging(c.field.code);
            }}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
            onDragOver={(e: DragEvent) => {
              if (!dragging) return;
              e.preventDefault();
              if (over !== index) setOver(index);
            }}
            onDrop={(e: DragEvent) => {
              e.preventDefault();
              drop(index);
            }}
            style={{
              padding: '4px 6px',
              borderRadius: token.borderRadiusSM,
              borderTop: `2px solid ${over === index && dragging !== c.field.code ? token.colorPrimary : 'transparent'}`,
              opacity: dragging === c.field.code ? 0.4 : 1,
              background: c.frozen ? token.colorFillQuaternary : undefined,
            }}
            data-testid={`fields-row-${c.field.name}`}
          >
            <HolderOutlined style={{ cursor: 'grab', color: token.colorTextTertiary }} />
            <Switch
              size="small"
              checked={!c.hidden}
              onChange={(on) => onChange(setHidden(columns, c.field.code, !on))}
              aria-label={c.hidden ? t('views.show') : t('views.hide')}
              data-testid="fields-toggle"
            />
            <Typography.Text ellipsis style={{ flex: 1 }} type={c.hidden ? 'secondary' : undefined}>
              {c.field.name}
            </Typography.Text>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              aria-label={t('views.moveUp')}
              onClick={() => onChange(moveColumn(columns, c.field.code, index - 1))}
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={index === columns.length - 1}
              aria-label={t('views.moveDown')}
              onClick={() => onChange(moveColumn(columns, c.field.code, index + 1))}
            />
            {freezable && (
              <Tooltip title={c.frozen ? t('views.unfreeze') : t('views.freeze')}>
                <Button
                  type="text"
                  size="small"
                  icon={c.frozen ? <PushpinFilled style={{ color: token.colorPrimary }} /> : <PushpinOutlined />}
                  aria-label={c.frozen ? t('views.unfreeze') : t('views.freeze')}
                  aria-pressed={c.frozen}
                  onClick={() => onChange(setFrozen(columns, c.field.code, !c.frozen))}
                  data-testid="fields-freeze"
                />
              </Tooltip>
            )}
          </Flex>
        ))}
        {/* Dropping below the last row puts the field at the end. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop zone; the arrows move fields by keyboard */}
        <div
          style={{ height: 12, borderTop: `2px solid ${over === columns.length ? token.colorPrimary : 'transparent'}` }}
          onDragOver={(e) => {
            if (!dragging) return;
            e.preventDefault();
            setOver(columns.length);
          }}
          onDrop={(e) => {
            e.preventDefault();
            drop(columns.length);
          }}
        />
      </div>
    </Flex>
  );
}
