import type { FieldInfo, RecordItem } from '@canopy/contract';
import { Card, Flex, Typography } from 'antd';
import type { DragEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldValue } from '../../records/FieldValue';

interface Props {
  record: RecordItem;
  /** Fields shown under the title (empty values are skipped). */
  fields: FieldInfo[];
  onOpen: (id: string) => void;
  cover?: ReactNode;
  draggable?: boolean;
  onDragStart?: (event: DragEvent<HTMLDivElement>) => void;
  onDragEnd?: () => void;
  dimmed?: boolean;
}

/** A record as a card (kanban and gallery): its title and a few fields; opens the record when clicked. */
export function RecordCard({ record, fields, onOpen, cover, draggable, onDragStart, onDragEnd, dimmed }: Props) {
  const { t } = useTranslation();
  const filled = fields.filter((f) => {
    const v = record.data[f.code];
    return v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && !v.length);
  });
  return (
    <Card
      size="small"
      hoverable
      cover={cover}
      draggable={draggable}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onClick={() => onOpen(record.id)}
      style={{ cursor: draggable ? 'grab' : 'pointer', opacity: dimmed ? 0.4 : 1 }}
      styles={{ body: { padding: '10px 12px' } }}
      data-testid="record-card"
      data-record-id={record.id}
    >
      <Typography.Text strong ellipsis style={{ display: 'block', marginBottom: filled.length ? 6 : 0 }}>
        {record.title || t('views.untitled')}
      </Typography.Text>
      <Flex vertical gap={4}>
        {filled.map((f) => (
          <Flex key={f.code} gap={6} style={{ fontSize: 12, minWidth: 0 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }}>
              {f.name}
            </Typography.Text>
            <div style={{ minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>
              <FieldValue field={f} value={record.data[f.code]} compact />
            </div>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
