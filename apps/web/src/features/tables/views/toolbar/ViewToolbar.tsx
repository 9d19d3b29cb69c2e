import {
  ColumnHeightOutlined,
  EyeInvisibleOutlined,
  FilterOutlined,
  GroupOutlined,
  LockOutlined,
  PlusOutlined,
  SearchOutlined,
  SortAscendingOutlined,
} from '@ant-design/icons';
import type { ViewConfig } from '@canopy/contract';
import { Button, Flex, Input, Segmented, Select, Spin, Tooltip, Typography } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolbarCompact, useToolbarFit } from '../../../../shell/layout/toolbar-fit';
import { groupableFields } from '../bar/view-kinds';
import { conditionCount } from '../filter-ops';
import type { OpenView, ViewEnv } from '../view-env';
import { PAGE_SIZES, type ResolvedColumn, type RowHeight, type ViewKind } from '../view-model';
import { FieldsPanel } from './FieldsPanel';
import { PanelButton } from './PanelButton';
import { SortPanel } from './SortPanel';

/** The filter editor (with the date pickers of its values) loads when its panel first opens. */
const FilterPanel = lazy(() => import('../filter/FilterPanel').then((m) => ({ default: m.FilterPanel })));

interface Props {
  env: ViewEnv;
  open: OpenView;
  kind: ViewKind;
  columns: ResolvedColumn[];
  onColumns: (columns: ResolvedColumn[]) => void;
  search: string;
  onSearch: (text: string) => void;
  count: ReactNode;
  onAdd?: () => void;
  /** Rendered at the right end (import and export buttons). */
  extra?: ReactNode;
}

/** Search, the view's settings (for those who may change them), the record count and actions. */
export function ViewToolbar({ env, open, kind, columns, onColumns, search, onSearch, count, onAdd, extra }: Props) {
  const { t, i18n } = useTranslation();
  const { config, editable } = open;
  const set = (patch: Partial<ViewConfig>) => open.update({ ...config, ...patch });
  const filters = conditionCount(config.filter);
  const hidden = columns.filter((c) => c.hidden).length;
  const groupChoices = groupableFields(kind, env.fields);
  const groupField = env.fields.find((f) => f.code === config.groupBy);
  // The same setting means a different thing per kind: grouping, the board's columns, the date, the cover.
  const groupTitle = {
    grid: t('views.groupBy'),
    kanban: t('views.groupBy'),
    calendar: t('views.dateField'),
    gallery: t('views.galleryCover'),
  }[kind];
  const groupLabel = !groupField
    ? groupTitle
    : kind === 'calendar'
      ? t('views.dateFieldIs', { name: groupField.name })
      : kind === 'gallery'
        ? t('views.coverIs', { name: groupField.name })
        : t('views.groupByField', { name: groupField.name });

  // One line in every language: first the actions at the right end go icon-only, then the panel
  // buttons that have nothing set, then those whose label says what is set (筛选 3 …), then it wraps.
  const fit = useToolbarFit<HTMLDivElement>(
    4,
    `${i18n.language}|${kind}|${editable}|${groupLabel}|${filters}|${hidden}`,
  );

  const panelCompact = (active: boolean) => fit.level >= 3 || (fit.level >= 2 && !active);

  return (
    <Flex
      ref={fit.ref}
      justify="space-between"
      align="center"
      gap={8}
      wrap={fit.wrap}
      style={{ marginBottom: 12 }}
      data-testid="view-toolbar"
      data-compact={fit.level}
    >
      <ToolbarCompact.Provider value={fit.level >= 3}>
        <Flex align="center" gap={4} wrap={fit.wrap} style={{ flex: 'none' }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('views.search')}
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            style={{ width: fit.level >= 2 ? 160 : 200, marginInlineEnd: 4 }}
            maxLength={100}
            data-testid="view-search"
          />
          {editable ? (
            <>
              <PanelButton
                icon={<FilterOutlined />}
                label={filters ? t('views.filterCount', { count: filters }) : t('views.filter')}
                active={filters > 0}
                compact={panelCompact(filters > 0)}
                title={t('views.filterTitle')}
                testId="view-filter"
              >
                <Suspense fallback={<Spin size="small" style={{ display: 'block', padding: 24 }} />}>
                  <FilterPanel
                    fields={env.known}
                    filter={config.filter}
                    onChange={(filter) => {
                      const { filter: _old, ...rest } = config;
                      open.update(filter ? { ...rest, filter } : rest);
                    }}
                  />
                </Suspense>
              </PanelButton>
              <PanelButton
                icon={<SortAscendingOutlined />}
                label={config.sorts.length ? t('views.sortCount', { count: config.sorts.length }) : t('views.sort')}
                active={config.sorts.length > 0}
                compact={panelCompact(config.sorts.length > 0)}
                title={t('views.sortTitle')}
                testId="view-sort"
              >
                <SortPanel fields={env.known} sorts={config.sorts} onChange={(sorts) => set({ sorts })} />
              </PanelButton>
              {kind !== 'calendar' && (
                <PanelButton
                  icon={<EyeInvisibleOutlined />}
                  label={hidden ? t('views.hiddenCount', { count: hidden }) : t('views.fields')}
                  active={hidden > 0}
                  compact={panelCompact(hidden > 0)}
                  title={t('views.fieldsTitle')}
                  testId="view-fields"
                >
                  <FieldsPanel columns={columns} onChange={onColumns} freezable={kind === 'grid'} />
                </PanelButton>
              )}
              <PanelButton
                icon={<GroupOutlined />}
                label={groupLabel}
                active={kind === 'grid' && Boolean(groupField)}
                compact={panelCompact(kind === 'grid' && Boolean(groupField))}
                title={groupTitle}
                testId="view-group"
              >
                <Select
                  style={{ width: 240 }}
                  value={groupField?.code ?? ''}
                  onChange={(code: string) => {
                    const { groupBy: _old, ...rest } = config;
                    open.update(code ? { ...rest, groupBy: code } : rest);
                  }}
                  options={[
                    ...(kind === 'grid' || kind === 'gallery'
                      ? [{ value: '', label: kind === 'grid' ? t('views.noGroup') : t('views.galleryNoCover') }]
                      : []),
                    ...groupChoices.map((f) => ({ value: f.code, label: f.name })),
                  ]}
                  data-testid="view-group-select"
                />
              </PanelButton>
              <PanelButton
                icon={<ColumnHeightOutlined />}
                label={t('views.layout')}
                active={false}
                compact={panelCompact(false)}
                title={t('views.layout')}
                testId="view-layout"
              >
                <Flex vertical gap={12} style={{ width: 260 }}>
                  {kind === 'grid' && (
                    <Flex justify="space-between" align="center">
                      <Typography.Text>{t('views.rowHeight')}</Typography.Text>
                      <Segmented
                        value={config.rowHeight}
                        onChange={(rowHeight) => set({ rowHeight: rowHeight as RowHeight })}
                        options={(['short', 'medium', 'tall'] as const).map((h) => ({
                          value: h,
                          label: t(`views.rowHeights.${h}`),
                        }))}
                        data-testid="view-row-height"
                      />
                    </Flex>
                  )}
                  <Flex justify="space-between" align="center">
                    <Typography.Text>{t('views.pageSize')}</Typography.Text>
                    <Select
                      style={{ width: 120 }}
                      value={config.pageSize}
                      onChange={(pageSize: number) => set({ pageSize })}
                      options={PAGE_SIZES.map((n) => ({ value: n, label: t('views.pageSizeOption', { count: n }) }))}
                      data-testid="view-page-size"
                    />
                  </Flex>
                </Flex>
              </PanelButton>
            </>
          ) : (
            <Tooltip title={t('views.readOnlyConfig')}>
              <LockOutlined style={{ marginInline: 8, color: 'rgba(0,0,0,0.35)' }} data-testid="view-locked" />
            </Tooltip>
          )}
        </Flex>
      </ToolbarCompact.Provider>
      <ToolbarCompact.Provider value={fit.level >= 1}>
        <Flex align="center" gap={8} style={{ flex: 'none' }}>
          <span style={{ whiteSpace: 'nowrap' }}>{count}</span>
          {extra}
          {onAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="record-add">
              {t('tables.add')}
            </Button>
          )}
        </Flex>
      </ToolbarCompact.Provider>
    </Flex>
  );
}
