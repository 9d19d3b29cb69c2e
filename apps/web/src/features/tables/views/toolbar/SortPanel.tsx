import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { SortSpec } from '@canopy/contract';
import { Button, Empty, Flex, Segmented, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type QueryField, sortable } from '../filter-ops';

const MAX_SORTS = 5;

/** Several sorts, applied in order (the first decides, the next break ties). */
export function SortPanel({
  fields,
  sorts,
  onChange,
}: {
  fields: QueryField[];
  sorts: SortSpec[];
  onChange: (sorts: SortSpec[]) => void;
}) {
  const { t } = useTranslation();
  const choices = fields.filter(sortable);
  const used = new Set(sorts.map((s) => s.field));
  const free = choices.filter((f) => !used.has(f.code));
  const set = (index: number, next: SortSpec | null) =>
    onChange(next ? sorts.map((s, i) => (i === index ? next : s)) : sorts.filter((_, i) => i !== index));

  return (
    <Flex vertical gap={10} style={{ width: 420 }} data-testid="sort-panel">
      {!sorts.length && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('views.noSorts')} style={{ margin: 8 }} />
      )}
      {sorts.map((s, index) => (
        <Flex key={s.field} gap={8} align="center" data-testid="sort-row">
          <Typography.Text type="secondary" style={{ width: 16 }}>
            {index + 1}
          </Typography.Text>
          <Select
            style={{ flex: 1 }}
            showSearch={{ optionFilterProp: 'label' }}
            value={s.field}
            options={choices
              .filter((f) => f.code === s.field || !used.has(f.code))
              .map((f) => ({ value: f.code, label: f.name }))}
            onChange={(field: string) => set(index, { ...s, field })}
            data-testid="sort-field"
          />
          <Segmented
            value={s.direction}
            onChange={(direction) => set(index, { ...s, direction: direction as SortSpec['direction'] })}
            options={[
              { value: 'asc', label: t('views.asc') },
              { value: 'desc', label: t('views.desc') },
            ]}
            data-testid="sort-direction"
          />
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            onClick={() => set(index, null)}
            aria-label={t('views.removeSort')}
          />
        </Flex>
      ))}
      <Flex align="center" gap={8}>
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={!free.length || sorts.length >= MAX_SORTS}
          onClick={() => {
            const f = free[0];
            if (f) onChange([...sorts, { field: f.code, direction: 'asc' }]);
          }}
          data-testid="sort-add"
        >
          {t('views.addSort')}
        </Button>
        {sorts.length >= MAX_SORTS && <Typography.Text type="secondary">{t('views.sortLimit')}</Typography.Text>}
      </Flex>
    </Flex>
  );
}
