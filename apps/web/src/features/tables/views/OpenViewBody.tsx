import { useQueryClient } from '@tanstack/react-query';
import { Empty, Skeleton, Spin, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../../shell/app/lazy-chunk';
import { useDebouncedValue } from '../../members/hooks/useDebouncedValue';
import { AHEAD_PAGE, GridView } from './grid/GridView';
import { ViewToolbar } from './toolbar/ViewToolbar';
import { useRecordWrites } from './useRecordWrites';
import { useRecordCount, viewRecordsOptions } from './useViewRecords';
import type { OpenView, ViewEnv } from './view-env';
import { asViewKind, gridFields, queryBody, type ResolvedColumn, resolveColumns, toSavedColumns } from './view-model';

// The grid is the common view and comes with the page; the other kinds are fetched when one is opened.
const KanbanView = lazyPart(() => import('./kanban/KanbanView').then((m) => m.KanbanView), <Skeleton active />);
const CalendarView = lazyPart(() => import('./calendar/CalendarView').then((m) => m.CalendarView), <Skeleton active />);
const GalleryView = lazyPart(() => import('./gallery/GalleryView').then((m) => m.GalleryView), <Skeleton active />);

interface Props {
  env: ViewEnv;
  open: OpenView;
  onAdd?: () => void;
  extra?: ReactNode;
}

/** The open view: its toolbar, its record count and its records drawn by kind. */
export function OpenViewBody({ env, open, onAdd, extra }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300);
  const writes = useRecordWrites(env);
  const kind = asViewKind(open.view.kind);
  const { config } = open;
  const columns = useMemo(
    () => resolveColumns(config.columns, env.allFields, (code) => env.access.fieldAccess[code] === 'hidden'),
    [config.columns, env.allFields, env.access],
  );
  const onColumns = (next: ResolvedColumn[]) =>
    open.update({ ...config, columns: toSavedColumns(next, config.columns, env.allFields) });

  // Grids and boards sort by their group field first, so a group's rows arrive together.
  const groupBy =
    config.groupBy && (kind === 'grid' || kind === 'kanban')
      ? env.known.find((f) => f.field?.code === config.groupBy)
      : undefined;
  // A view the member cannot change runs as saved on the server (its conditions may read fields
  // hidden from them); one they can change runs as they have it on screen (saving follows later).
  const named = open.editable ? undefined : open.view.code;
  const body = useMemo(
    () =>
      queryBody(config, env.known, settled, groupBy, named, kind === 'grid' ? gridFields(columns, groupBy) : undefined),
    [config, env.known, settled, groupBy, named, kind, columns],
  );
  // The grid's first page is asked for now, while this render goes on (the toolbar, the table),
  // not after it commits: the query the grid then mounts finds it on its way.
  const queryClient = useQueryClient();
  if (kind === 'grid') {
    const first = viewRecordsOptions(env, body, AHEAD_PAGE);
    if (!queryClient.getQueryState(first.queryKey)) void queryClient.prefetchInfiniteQuery(first);
  }
  const count = useRecordCount(env, body);
  const filtering = Boolean(body.filter || body.search);

  const countText = count.data ? (
    <Typography.Text type="secondary" data-testid="record-count">
      {count.data.capped
        ? t('views.countCapped', { total: count.data.count.toLocaleString('en-US') })
        : t('views.count', { total: count.data.count.toLocaleString('en-US') })}
    </Typography.Text>
  ) : (
    count.isLoading && <Spin size="small" />
  );

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtering ? t('views.noRecords') : t('views.noRecordsAtAll')}
      style={{ padding: '32px 0' }}
    >
      {!filtering && onAdd && <Typography.Text type="secondary">{t('tables.noRecordsHint')}</Typography.Text>}
    </Empty>
  );

  let content: ReactNode;
  if (kind === 'kanban')
    content = <KanbanView env={env} open={open} body={body} columns={columns} writes={writes} empty={empty} />;
  else if (kind === 'calendar') content = <CalendarView env={env} open={open} body={body} />;
  else if (kind === 'gallery')
    content = <GalleryView env={env} open={open} body={body} columns={columns} empty={empty} />;
  else
    content = (
      <GridView
        env={env}
        open={open}
        body={body}
        columns={columns}
        onColumns={onColumns}
        writes={writes}
        empty={empty}
      />
    );

  return (
    <>
      <ViewToolbar
        env={env}
        open={open}
        kind={kind}
        columns={columns}
        onColumns={onColumns}
        search={search}
        onSearch={setSearch}
        count={countText}
        onAdd={onAdd}
        extra={extra}
      />
      {content}
    </>
  );
}
