import type { FieldInfo, RecordItem, RecordQueryBody } from '@canopy/contract';
import { optionsOf } from '@canopy/fields/web/view';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Flex, Spin, Tag, Typography, theme } from 'antd';
import { type DragEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tableKeys, tablesApi } from '../../api/tables-api';
import { FieldValue } from '../../records/FieldValue';
import { groupableFields } from '../bar/view-kinds';
import { PickFieldState } from '../cards/PickFieldState';
import { RecordCard } from '../cards/RecordCard';
import { useBodyHeight } from '../grid/useBodyHeight';
import type { useRecordWrites } from '../useRecordWrites';
import { useViewRecords } from '../useViewRecords';
import type { OpenView, ViewEnv } from '../view-env';
import type { ResolvedColumn } from '../view-model';
import { columnKeyOf, kanbanColumns } from './kanban-columns';

interface Props {
  env: ViewEnv;
  open: OpenView;
  body: RecordQueryBody;
  columns: ResolvedColumn[];
  writes: ReturnType<typeof useRecordWrites>;
  empty: ReactNode;
}

const COLUMN_WIDTH = 280;
const CARD_FIELDS = 4;

/** Cards in columns by a single-select or member field; dropping a card in a column sets its value. */
export function KanbanView({ env, open, body, columns, writes, empty }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const choices = groupableFields('kanban', env.fields);
  const field = choices.find((f) => f.code === open.config.groupBy);
  const records = useViewRecords(env, body, Boolean(field));
  const groups = useGroupValues(env, body, field);
  const [dragging, setDragging] = useState<RecordItem | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const height = useBodyHeight(frame, 24 + 40);
  const board = useMemo(
    () => (field ? kanbanColumns(field, records.rows, env.memberId, groups.data?.values) : []),
    [field, records.rows, env.memberId, groups.data?.values],
  );

  // A member who may not change the view and has no grouping field: the board's field is hidden from
  // them (the server leaves it out of their copy, issue 30) or was never set.
  if (!field && !open.editable)
    return <PickFieldState title={t('views.kanbanNoGroup')} hint="" none={t('views.kanbanNoGroupHint')} choices={[]} />;
  if (!field)
    return (
      <PickFieldState
        title={t('views.kanbanPickField')}
        hint={t('views.kanbanPickFieldHint')}
        none={t('views.kanbanNoField')}
        choices={choices}
        onPick={open.editable ? (code) => open.update({ ...open.config, groupBy: code }) : undefined}
      />
    );

  const movable = env.canEditField(field);
  const cardFields = columns
    .filter((c) => !c.hidden && c.field.code !== field.code && c.field.code !== env.titleField)
    .slice(0, CARD_FIELDS)
    .map((c) => c.field);

  const drop = async (key: string, value: unknown) => {
    const record = dragging;
    setDragging(null);
    setOver(null);
    if (!record || columnKeyOf(field, record) === key) return;
    const data = { [field.code]: value };
    writes.preview(record, data);
    if (!(await writes.update(record, data))) return writes.reload(record.id);
    const name = key ? optionLabel(field, key) : t('views.ungrouped');
    message.success(name ? t('views.moved', { name }) : t('views.cellSaved'));
  };

  return (
    <div data-testid="kanban-view">
      {movable && (
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
          {t('views.kanbanDragHint', { name: field.name })}
        </Typography.Text>
      )}
      <Spin spinning={records.isLoading}>
        <div ref={frame} style={{ display: 'flex', gap: 12, overflowX: 'auto', paddingBottom: 8, height }}>
          {board.map((column) => (
            <Flex
              key={column.key || '__none'}
              vertical
              style={{
                width: COLUMN_WIDTH,
                flex: `0 0 ${COLUMN_WIDTH}px`,
                background: over === column.key ? token.colorPrimaryBg : token.colorFillQuaternary,
                outline: over === column.key ? `2px dashed ${token.colorPrimaryBorder}` : undefined,
                borderRadius: token.borderRadiusLG,
                transition: 'background .15s',
              }}
              onDragOver={(e: DragEvent) => {
                if (!dragging) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                if (over !== column.key) setOver(column.key);
              }}
              onDragLeave={(e: DragEvent<HTMLElement>) => {
                const next = e.relatedTarget;
                if (!(next instanceof Node && e.currentTarget.contains(next)) && over === column.key) setOver(null);
              }}
              onDrop={(e: DragEvent) => {
                e.preventDefault();
                void drop(column.key, column.value);
              }}
              data-testid="kanban-column"
              data-column={column.key ? optionLabel(field, column.key) || column.key : t('views.ungrouped')}
            >
              <Flex align="center" gap={8} style={{ padding: '10px 12px 6px' }}>
                {column.key ? (
                  field.type === 'singleSelect' ? (
                    <Tag color={column.color || undefined} style={{ marginInlineEnd: 0 }}>
                      {optionLabel(field, column.key)}
                    </Tag>
                  ) : (
                    <Typography.Text strong>
                      <FieldValue field={field} value={[column.key]} compact />
                    </Typography.Text>
                  )
                ) : (
                  <Typography.Text type="secondary" strong>
                    {t('views.ungrouped')}
                  </Typography.Text>
                )}
                <Badge
                  count={column.rows.length}
                  showZero
                  color={token.colorTextQuaternary}
                  data-testid="kanban-count"
                />
              </Flex>
              <Flex vertical gap={8} style={{ padding: '4px 8px 8px', overflowY: 'auto', flex: 1, minHeight: 80 }}>
                {column.rows.map((r) => (
                  <RecordCard
                    key={r.id}
                    record={r}
                    fields={cardFields}
                    onOpen={env.onOpen}
                    draggable={movable}
                    dimmed={dragging?.id === r.id}
                    onDragStart={(e) => {
                      e.dataTransfer.effectAllowed = 'move';
                      e.dataTransfer.setData('text/plain', r.id);
                      setDragging(r);
                    }}
                    onDragEnd={() => {
                      setDragging(null);
                      setOver(null);
                    }}
                  />
                ))}
              </Flex>
            </Flex>
          ))}
        </div>
      </Spin>
      {!records.isLoading && !records.rows.length && empty}
      <Flex justify="center" gap={12} align="center" style={{ marginTop: 4 }}>
        {records.rows.length > 0 && (
          <Typography.Text type="secondary">{t('views.loadedOf', { count: records.rows.length })}</Typography.Text>
        )}
        {records.hasNextPage && (
          <Button size="small" loading={records.isFetchingNextPage} onClick={() => void records.fetchNextPage()}>
            {t('views.loadMore')}
          </Button>
        )}
      </Flex>
    </div>
  );
}

/**
 * The members heading cards anywhere in the view (within the member's rule, the filter and search),
 * asked from the server; a single select's columns are its options and need no question.
 */
function useGroupValues(env: ViewEnv, body: RecordQueryBody, field: FieldInfo | undefined) {
  const { p, engineCode } = env;
  const groupBody = {
    field: field?.code ?? '',
    ...(body.filter ? { filter: body.filter } : {}),
    ...(body.search ? { search: body.search } : {}),
    ...(body.view ? { view: body.view } : {}),
  };
  return useQuery({
    queryKey: [...tableKeys.groups(engineCode, p.appCode, p.schemaCode), groupBody],
    queryFn: ({ signal }) => tablesApi.groups(p, groupBody, signal),
    enabled: field?.type === 'member',
    placeholderData: (previous) => previous,
  });
}

/** A single select's option label ('' for member columns, which show the member's name). */
function optionLabel(field: FieldInfo, key: string): string {
  if (field.type !== 'singleSelect') return '';
  return optionsOf(field.settings).find((o) => o.id === key)?.label ?? key;
}
