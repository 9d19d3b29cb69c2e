import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Select, Spin, Typography } from 'antd';
import { type UIEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { useDebouncedValue } from '../../members/hooks/useDebouncedValue';
import { tableKeys, tablesApi } from '../api/tables-api';

interface Props {
  schemaCode: string;
  value?: string[];
  onChange?: (v: string[]) => void;
  multiple: boolean;
  disabled?: boolean;
}

/**
 * Picks records of a related table. Typing searches on the server (after a pause) over the records'
 * titles and text fields within the member's rights; the list pages on as it is scrolled (or with
 * "load more"), so every record can be reached. The chosen records show their titles even when
 * they are not among the results loaded.
 */
export function RecordPicker({ schemaCode, value, onChange, multiple, disabled }: Props) {
  const { engineCode, appCode } = useAppWorkspace();
  const { t } = useTranslation();
  const p = { appCode, schemaCode };
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const pickKey = [...tableKeys.records(engineCode, appCode, schemaCode), 'pick'] as const;
  const results = useInfiniteQuery({
    queryKey: [...pickKey, search],
    queryFn: ({ pageParam, signal }) =>
      tablesApi.pick(p, { ...(search ? { search } : {}), ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor || undefined,
    enabled: Boolean(schemaCode) && open,
    // The list stays while a new search runs (marked 搜索中): an option being clicked is not swapped
    // for a spinner under the pointer, and the list does not flash empty at every keystroke.
    placeholderData: keepPreviousData,
  });
  const chosen = value ?? [];
  const loaded = useMemo(() => results.data?.pages.flatMap((page) => page.resultList) ?? [], [results.data]);
  const unknown = chosen.filter((id) => !loaded.some((r) => r.id === id));
  const titles = useQuery({
    queryKey: [...pickKey, 'ids', unknown],
    queryFn: ({ signal }) => tablesApi.pick(p, { ids: unknown }, signal),
    enabled: Boolean(schemaCode) && unknown.length > 0,
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    const byId = new Map<string, string>();
    for (const r of titles.data?.resultList ?? []) byId.set(r.id, r.title);
    for (const r of loaded) byId.set(r.id, r.title);
    const list = loaded.map((r) => ({ value: r.id, label: r.title || r.id }));
    // Chosen records outside the current results keep their titles (or say they are out of reach).
    for (const id of chosen)
      if (!loaded.some((r) => r.id === id))
        list.unshift({ value: id, label: byId.get(id) ?? (titles.isPending ? '…' : t('tables.recordGone')) });
    return list;
  }, [loaded, titles.data, titles.isPending, chosen, t]);
  const searching = results.isFetching && !results.isFetchingNextPage;

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 40 && results.hasNextPage && !results.isFetchingNextPage)
      void results.fetchNextPage();
  };

  return (
    <Select
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ filterOption: false, searchValue: text, onSearch: setText, autoClearSearchValue: false }}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setText('');
      }}
      loading={searching}
      disabled={disabled}
      placeholder={t('tables.pickRecord')}
      value={multiple ? chosen : chosen[0]}
      onChange={(v: string | string[] | undefined) => onChange?.(Array.isArray(v) ? v : v ? [v] : [])}
      options={options}
      onPopupScroll={onScroll}
      notFoundContent={
        searching || results.isPending ? (
          <Flex justify="center" style={{ padding: 12 }} data-testid="relation-loading">
            <Spin size="small" />
          </Flex>
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={search ? t('tables.pickNoMatch') : t('tables.pickEmpty')}
            data-testid="relation-empty"
          />
        )
      }
      popupRender={(menu) => (
        <>
          {menu}
          {results.hasNextPage && loaded.length > 0 && (
            <Flex justify="center" style={{ paddingTop: 4 }}>
              <Button
                size="small"
                type="link"
                loading={results.isFetchingNextPage}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => void results.fetchNextPage()}
                data-testid="relation-more"
              >
                {t('tables.pickMore')}
              </Button>
            </Flex>
          )}
          {searching && loaded.length > 0 && (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '2px 12px', fontSize: 12 }}>
              {t('tables.pickSearching')}
            </Typography.Text>
          )}
        </>
      )}
      data-testid="relation-input"
    />
  );
}
