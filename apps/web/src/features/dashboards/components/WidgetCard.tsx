import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FileExcelOutlined,
  FilterOutlined,
  LockOutlined,
} from '@ant-design/icons';
import type { AggregateResult, FilterGroup, Widget } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Result, Spin, Table, Tag, Tooltip, Typography, theme } from 'antd';
import { createContext, type RefObject, useContext, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { appColorHex } from '../../apps/components/app-visuals';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { dashboardKeys, dashboardsApi } from '../api/dashboards-api';
import {
  axisFormat,
  bucketLabel,
  change,
  chartData,
  chartOption,
  formatFull,
  groupCondition,
  inDisplayUnits,
  isChartKind,
  localeOf,
  palette,
  periodQuery,
  valueLabelsShown,
  withCondition,
} from '../widget-model';
import { GroupRecords } from './GroupRecords';
import { downloadPivot, type PivotSheet, PivotTable } from './PivotTable';
import { WidgetChart } from './WidgetChart';
import { useFieldNames } from './widget-labels';

const DashboardCode = createContext('');

interface Props {
  dashboardCode: string;
  widget: Widget;
  /** Dashboard filters with a value that do not narrow this widget (no field on its table). */
  notApplied?: string[];
  designing: boolean;
  onEdit?: () => void;
  onRemove?: () => void;
}

/** One widget: its figures fetched for the viewer, then a KPI, a chart or a table; loading, empty and no-permission states. */
export function WidgetCard({ dashboardCode, widget, notApplied = [], designing, onEdit, onRemove }: Props) {
  const { t } = useTranslation();
  const { engineCode, appCode } = useAppWorkspace();
  // A KPI compared with the previous period shows the current period's figure.
  const query =
    (widget.kind === 'number' && widget.compare && periodQuery(widget.query, widget.compare, 'current')) ||
    widget.query;
  const png = useRef<(() => string) | null>(null);
  const sheet = useRef<(() => PivotSheet) | null>(null);
  const isPivot = widget.kind === 'pivot';
  const figures = useQuery({
    queryKey: dashboardKeys.figures(engineCode, appCode, dashboardCode, query),
    queryFn: ({ signal }) => dashboardsApi.figures({ appCode, code: dashboardCode }, query, signal),
    enabled: !isPivot,
    retry: false,
  });
  const pivot = useQuery({
    queryKey: dashboardKeys.pivot(engineCode, appCode, dashboardCode, query),
    queryFn: ({ signal }) => dashboardsApi.pivot({ appCode, code: dashboardCode }, query, signal),
    enabled: isPivot,
    retry: false,
  });
  const answer = isPivot ? pivot : figures;
  const isChart = isChartKind(widget.kind) && figures.data?.state === 'ok' && figures.data.rows.length > 0;
  const title = widget.title || t(`dashboards.kind.${widget.kind}`);
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center" className="widget-drag" style={{ cursor: designing ? 'move' : 'default' }}>
          <span>{title}</span>
          {notApplied.length > 0 && (
            <Tooltip title={t('dashboards.filters.notApplied', { names: notApplied.join('、') })}>
              <Tag icon={<FilterOutlined />} data-testid="widget-filter-not-applied">
                {t('dashboards.filters.notApplied', { names: notApplied.join('、') })}
              </Tag>
            </Tooltip>
          )}
        </Flex>
      }
      extra={
        designing ? (
          <Flex gap={4} className="widget-actions">
            <Tooltip title={t('dashboards.editWidget')}>
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                onClick={onEdit}
                aria-label={t('dashboards.editWidget')}
              />
            </Tooltip>
            <Tooltip title={t('dashboards.removeWidget')}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                onClick={onRemove}
                aria-label={t('dashboards.removeWidget')}
              />
            </Tooltip>
          </Flex>
        ) : isPivot && pivot.data?.state === 'ok' ? (
          <Tooltip title={t('dashboards.pivot.exportXlsx')}>
            <Button
              size="small"
              type="text"
              icon={<FileExcelOutlined />}
              aria-label={t('dashboards.pivot.exportXlsx')}
              onClick={() => {
                const content = sheet.current?.();
                if (content) void downloadPivot(content, title, t('dashboards.pivot.sheet'));
              }}
              data-testid="widget-export-xlsx"
            />
          </Tooltip>
        ) : (
          isChart && (
            <Tooltip title={t('dashboards.exportPng')}>
              <Button
                size="small"
                type="text"
                icon={<DownloadOutlined />}
                aria-label={t('dashboards.exportPng')}
                onClick={() => {
                  const url = png.current?.();
                  if (!url) return;
                  const a = document.createElement('a');
                  a.href = url;
                  a.download = `${title}.png`;
                  a.click();
                }}
                data-testid="widget-export-png"
              />
            </Tooltip>
          )
        )
      }
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1, minHeight: 0, padding: 12 } }}
      data-testid={`widget-${widget.kind}`}
      data-widget-id={widget.id}
    >
      {answer.isError ? (
        <Result status="warning" subTitle={errorText(answer.error)} style={{ padding: 8 }} />
      ) : !answer.data ? (
        <Flex align="center" justify="center" style={{ height: '100%' }}>
          <Spin />
        </Flex>
      ) : isPivot && pivot.data ? (
        pivot.data.state === 'ok' ? (
          <PivotTable widget={widget} result={pivot.data} sheet={sheet} />
        ) : pivot.data.state === 'tooMany' ? (
          <Flex align="center" justify="center" style={{ height: '100%' }} data-testid="widget-too-many">
            <Typography.Text type="secondary">{t('dashboards.pivot.tooMany')}</Typography.Text>
          </Flex>
        ) : (
          <NoPermission />
        )
      ) : figures.data ? (
        <DashboardCode.Provider value={dashboardCode}>
          <WidgetBody widget={widget} result={inDisplayUnits(figures.data, widget.query)} png={png} />
        </DashboardCode.Provider>
      ) : null}
    </Card>
  );
}

/** A widget reading a field (or table) hidden from the viewer: no figures. */
function NoPermission() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" justify="center" style={{ height: '100%' }} data-testid="widget-no-permission">
      <LockOutlined style={{ fontSize: 24, color: token.colorTextTertiary }} />
      <Typography.Text type="secondary">{t('dashboards.noPermission')}</Typography.Text>
    </Flex>
  );
}

/** The previous period's figure and the change (the card's own query is the current period's). */
function Comparison({ widget, current }: { widget: Widget; current: number | null }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const { engineCode, appCode } = useAppWorkspace();
  const dashboardCode = useContext(DashboardCode);
  const query = widget.compare ? periodQuery(widget.query, widget.compare, 'previous') : null;
  const previous = useQuery({
    queryKey: dashboardKeys.figures(engineCode, appCode, dashboardCode, query ?? widget.query),
    queryFn: ({ signal }) => dashboardsApi.figures({ appCode, code: dashboardCode }, query ?? widget.query, signal),
    enabled: Boolean(query),
    retry: false,
  });
  if (!widget.compare || !query || !previous.data || previous.data.state !== 'ok') return null;
  const before = previous.data.rows[0]?.values[0] ?? null;
  const delta = change(current, before);
  const color =
    delta === null || delta === 0 ? token.colorTextSecondary : delta > 0 ? token.colorSuccess : token.colorError;
  return (
    <Typography.Text type="secondary" data-testid="widget-number-compare">
      {t(`dashboards.compare.previous.${widget.compare.period}`)} {formatFull(before, i18n.language)}
      {delta !== null && (
        <span style={{ color, marginInlineStart: 8 }}>
          {delta > 0 ? '↑' : delta < 0 ? '↓' : ''}
          {new Intl.NumberFormat(localeOf(i18n.language), { style: 'percent', maximumFractionDigits: 1 }).format(
            Math.abs(delta),
          )}
        </span>
      )}
    </Typography.Text>
  );
}

function WidgetBody({
  widget,
  result,
  png,
}: {
  widget: Widget;
  result: AggregateResult;
  png: RefObject<(() => string) | null>;
}) {
  const { t, i18n } = useTranslation();
  const { app } = useAppWorkspace();
  const { fieldName, measureName, familyOf } = useFieldNames(widget.query);
  const [picked, setPicked] = useState<{ filter: FilterGroup; title: string } | null>(null);
  const language = i18n.language;
  const dimension = widget.query.dimension;
  const labelOf = (row: AggregateResult['rows'][number]) => {
    // 流程状态: the state's name; a record never submitted has none.
    if (dimension?.field === 'flowState' && widget.query.source !== 'approvals')
      return t(`workflow.state.${row.key ?? 'none'}` as 'workflow.state.none', { defaultValue: row.key ?? '' });
    if (row.key === null) return t('dashboards.emptyGroup');
    if (dimension?.granularity)
      return bucketLabel(row.key, dimension.granularity, (unit, values) => t(`dashboards.bucket.${unit}`, values));
    return row.label;
  };
  const measureNames = widget.query.measures.map(measureName);
  /** Opens the records of the i-th group (the rest, summed up from many groups, has none to open). */
  const pick = (index: number) => {
    // An approval is no record to open.
    if (widget.query.source === 'approvals') return;
    const row = result.rows[index];
    const family = dimension && familyOf(dimension.field);
    if (!row || !dimension || !family) return;
    const condition = groupCondition(dimension.field, family, dimension.granularity, row.key);
    const filter = condition && withCondition(widget.query.filter, condition);
    if (filter) setPicked({ filter, title: `${widget.title || fieldName(dimension.field)}：${labelOf(row)}` });
  };
  const records = picked && (
    <GroupRecords
      schemaCode={widget.query.schemaCode}
      filter={picked.filter}
      title={picked.title}
      onClose={() => setPicked(null)}
    />
  );
  const measureKey = measureNames.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the names (measureKey) and language
  const option = useMemo(() => {
    if (!isChartKind(widget.kind)) return null;
    const data = chartData(result, measureNames, labelOf, t('dashboards.rest'));
    const labels = valueLabelsShown(widget.valueLabels, widget.kind, data);
    return {
      labels,
      option: chartOption(
        widget.kind,
        data,
        palette(appColorHex(app.color)),
        axisFormat(
          data.series.flatMap((x) => x.values),
          language,
        ),
        (v) => formatFull(v, language),
        labels,
      ),
    };
  }, [result, widget.kind, widget.valueLabels, measureKey, language, app.color, t]);

  if (result.state === 'noPermission') return <NoPermission />;
  if (widget.kind === 'number') {
    const value = result.rows[0]?.values[0] ?? null;
    return (
      <Flex vertical justify="center" style={{ height: '100%' }}>
        <Typography.Text type="secondary">
          {measureNames[0]}
          {widget.compare && ` · ${t(`dashboards.compare.current.${widget.compare.period}`)}`}
        </Typography.Text>
        <span
          style={{ fontSize: 32, fontWeight: 600, color: appColorHex(app.color), lineHeight: 1.3 }}
          data-testid="widget-number-value"
        >
          {formatFull(value, language)}
        </span>
        {widget.compare && <Comparison widget={widget} current={value} />}
      </Flex>
    );
  }
  if (!result.rows.length)
    return (
      <Flex align="center" justify="center" style={{ height: '100%' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboards.noData')} />
      </Flex>
    );
  if (widget.kind === 'table') {
    const rows = result.rows.map((r, i) => ({ key: String(i), label: labelOf(r), values: r.values }));
    if (result.rest) rows.push({ key: 'rest', label: t('dashboards.rest'), values: result.rest.values });
    return (
      <>
        {records}
        <Table
          size="small"
          pagination={false}
          scroll={{ y: '100%' }}
          dataSource={rows}
          onRow={(row) => ({
            onClick: () => row.key !== 'rest' && pick(Number(row.key)),
            style: { cursor: row.key === 'rest' ? 'default' : 'pointer' },
          })}
          style={{ height: '100%', overflow: 'auto' }}
          columns={[
            { title: dimension ? fieldName(dimension.field) : '', dataIndex: 'label', key: 'label', ellipsis: true },
            ...measureNames.map((name, i) => ({
              title: name,
              key: `m${i}`,
              align: 'right' as const,
              render: (_: unknown, row: (typeof rows)[number]) => formatFull(row.values[i] ?? null, language),
            })),
          ]}
        />
      </>
    );
  }
  return (
    option && (
      <>
        {records}
        <WidgetChart
          option={option.option}
          valueLabels={option.labels}
          testId={`widget-chart-${widget.kind}`}
          onPick={pick}
          exportRef={png}
        />
      </>
    )
  );
}
