import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  APPROVAL_DURATION,
  ApprovalDimension,
  ComparePeriod,
  DashboardLimits,
  DateGranularity,
  type FilterGroup,
  MeasureAggregate,
  type Widget,
  type WidgetDimension,
  type WidgetKind,
  type WidgetMeasure,
  WidgetSource,
} from '@canopy/contract';
import { Button, Drawer, Flex, Form, Input, Segmented, Select, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { FilterPanel } from '../../tables/views/filter/FilterPanel';
import { type QueryField, queryFields } from '../../tables/views/filter-ops';
import { isChartKind } from '../widget-model';
import { useTableFields } from './widget-labels';

const KINDS: WidgetKind[] = ['number', 'bar', 'line', 'area', 'pie', 'funnel', 'table', 'pivot'];

/** Fields a widget can group by: text, selects, members, departments, dates, 流程状态 and 当前节点. */
export const groupable = (f: QueryField): boolean =>
  (f.family === 'text' && f.type !== 'richText') ||
  f.family === 'choice' ||
  f.family === 'flowState' ||
  (f.family === 'list' && f.type === 'multiSelect') ||
  f.family === 'people' ||
  f.family === 'member' ||
  f.family === 'date' ||
  f.family === 'moment';
const isDate = (f: QueryField | undefined) => f?.family === 'date' || f?.family === 'moment';
/** Fields a measure can read: numbers for sums and averages, any single value for distinct counts. */
const measurable = (f: QueryField, aggregate: WidgetMeasure['aggregate']): boolean =>
  aggregate === 'distinct'
    ? f.family !== 'list' && f.family !== 'people' && f.family !== 'flag'
    : f.family === 'number';

interface Props {
  open: boolean;
  widget: Widget;
  onCancel: () => void;
  onDone: (widget: Widget) => void;
}

/** The widget editor: kind, title, table, dimension, measures and the views' filter. */
export function WidgetEditor({ open, widget, onCancel, onDone }: Props) {
  const { t } = useTranslation();
  const { nodes } = useAppWorkspace();
  const [draft, setDraft] = useState<Widget>(widget);
  const query = draft.query;
  const { fields, loading } = useTableFields(query.schemaCode || undefined);
  const tables = nodes.filter((n) => n.type === 'Schema');
  const known = useMemo(
    () =>
      fields
        ? queryFields(
            fields,
            () => false,
            {
              createdAt: t('views.system.createdAt'),
              modifiedAt: t('views.system.modifiedAt'),
              createdBy: t('views.system.createdBy'),
              modifiedBy: t('views.system.modifiedBy'),
            },
            { flowState: t('workflow.column.flowState'), flowNode: t('workflow.column.flowNode') },
          )
        : [],
    [fields, t],
  );
  const approvals = query.source === 'approvals';
  // Approval figures group by their own dimensions and measure their own duration (contract ApprovalDimension).
  const approvalDimensions: QueryField[] = ApprovalDimension.map((code) => ({
    code,
    name: t(`dashboards.approvals.${code}`),
    type: code,
    family: code === 'finishedAt' ? 'moment' : code === 'approver' ? 'member' : 'text',
  }));
  const dimensionChoices = approvals ? approvalDimensions : known.filter(groupable);
  const measureChoices = (aggregate: WidgetMeasure['aggregate']): QueryField[] =>
    approvals
      ? aggregate === 'distinct'
        ? approvalDimensions.filter((f) => f.code !== 'finishedAt')
        : [{ code: APPROVAL_DURATION, name: t('dashboards.approvals.duration'), type: 'number', family: 'number' }]
      : known.filter((f) => measurable(f, aggregate));
  const setQuery = (patch: Partial<Widget['query']>) => setDraft((d) => ({ ...d, query: { ...d.query, ...patch } }));
  const dimensionField = dimensionChoices.find((f) => f.code === query.dimension?.field);
  const isPivot = draft.kind === 'pivot';
  const isChart = isChartKind(draft.kind);
  const needsDimension = draft.kind !== 'number' && !isPivot;
  const pivot = query.pivot ?? { rows: [], columns: [] };
  const maxMeasures =
    draft.kind === 'number' || draft.kind === 'pie' || draft.kind === 'funnel' ? 1 : DashboardLimits.measures;
  const measures = query.measures.slice(0, maxMeasures);
  const complete =
    Boolean(query.schemaCode) &&
    (!needsDimension || Boolean(query.dimension)) &&
    (!isPivot || (pivot.rows.length > 0 && pivot.columns.length > 0)) &&
    measures.every((m) => m.aggregate === 'count' || Boolean(m.field));

  const setMeasure = (i: number, m: WidgetMeasure) => setQuery({ measures: measures.map((x, j) => (j === i ? m : x)) });
  const finish = () => {
    const { dimension, filter, pivot: layout, ...rest } = query;
    const { compare, valueLabels, ...widget } = draft;
    onDone({
      ...widget,
      ...(draft.kind === 'number' && compare ? { compare } : {}),
      ...(isChart && valueLabels !== undefined ? { valueLabels } : {}),
      query: {
        ...rest,
        measures,
        ...(needsDimension && dimension ? { dimension } : {}),
        ...(isPivot && layout ? { pivot: layout } : {}),
        ...(filter?.conditions.length ? { filter } : {}),
      },
    });
  };

  return (
    <Drawer
      open={open}
      title={t('dashboards.editorTitle')}
      size={580}
      onClose={onCancel}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="primary" disabled={!complete} onClick={finish} data-testid="widget-editor-done">
            {t('common.confirm')}
          </Button>
        </Flex>
      }
      data-testid="widget-editor"
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('dashboards.field.kind')}>
          <Segmented
            value={draft.kind}
            options={KINDS.map((k) => ({
              value: k,
              label: t(`dashboards.kind.${k}`),
              // Approval figures are charts and numbers, never a pivot.
              disabled: approvals && k === 'pivot',
            }))}
            onChange={(kind) => setDraft((d) => ({ ...d, kind: kind as WidgetKind }))}
            data-testid="widget-kind"
          />
        </Form.Item>
        <Form.Item label={t('dashboards.field.title')}>
          <Input
            value={draft.title}
            maxLength={64}
            placeholder={t(`dashboards.kind.${draft.kind}`)}
            onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
            data-testid="widget-title"
          />
        </Form.Item>
        <Form.Item label={t('dashboards.field.table')} required>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            value={query.schemaCode || undefined}
            placeholder={t('dashboards.pickTable')}
            options={tables.map((n) => ({ value: n.code, label: n.displayName }))}
            onChange={(schemaCode: string) =>
              setDraft(({ compare: _compare, ...d }) => ({
                ...d,
                query: { schemaCode, measures: [{ aggregate: 'count' }] },
              }))
            }
            data-testid="widget-table"
          />
        </Form.Item>
        {query.schemaCode && (
          <Form.Item label={t('dashboards.field.source')}>
            <Segmented
              value={query.source ?? 'records'}
              options={WidgetSource.map((x) => ({ value: x, label: t(`dashboards.source.${x}`) }))}
              onChange={(source) =>
                setDraft(({ compare: _compare, ...d }) => ({
                  ...d,
                  kind: source === 'approvals' && d.kind === 'pivot' ? 'bar' : d.kind,
                  query: {
                    schemaCode: d.query.schemaCode,
                    ...(source === 'approvals' ? { source: 'approvals' as const } : {}),
                    measures: [{ aggregate: 'count' }],
                    ...(d.query.filter ? { filter: d.query.filter } : {}),
                  },
                }))
              }
              data-testid="widget-source"
            />
          </Form.Item>
        )}
        {query.schemaCode && loading && <Skeleton active />}
        {query.schemaCode && fields && (
          <>
            {needsDimension && (
              <Form.Item label={t('dashboards.field.dimension')} required>
                <Flex gap={8}>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    style={{ flex: 1 }}
                    value={query.dimension?.field}
                    placeholder={t('dashboards.pickDimension')}
                    options={dimensionChoices.map((f) => ({ value: f.code, label: f.name }))}
                    onChange={(field: string) => {
                      const f = dimensionChoices.find((x) => x.code === field);
                      setQuery({ dimension: isDate(f) ? { field, granularity: 'month' } : { field } });
                    }}
                    data-testid="widget-dimension"
                  />
                  {isDate(dimensionField) && query.dimension && (
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      style={{ width: 110 }}
                      value={query.dimension.granularity ?? 'month'}
                      options={DateGranularity.map((g) => ({ value: g, label: t(`dashboards.granularity.${g}`) }))}
                      onChange={(granularity) =>
                        query.dimension && setQuery({ dimension: { field: query.dimension.field, granularity } })
                      }
                      data-testid="widget-granularity"
                    />
                  )}
                </Flex>
              </Form.Item>
            )}
            {isPivot && (
              <>
                <Form.Item label={t('dashboards.pivot.rows')} required>
                  <Flex vertical gap={8}>
                    {[0, 1].map((i) =>
                      i <= pivot.rows.length && i < DashboardLimits.pivotRows ? (
                        <DimensionPicker
                          key={i}
                          fields={known}
                          value={pivot.rows[i]}
                          allowClear={i > 0}
                          placeholder={i === 0 ? t('dashboards.pickDimension') : t('dashboards.pivot.addRow')}
                          onChange={(d) => {
                            const rows = [...pivot.rows];
                            if (d) rows[i] = d;
                            else rows.splice(i, 1);
                            setQuery({ pivot: { ...pivot, rows } });
                          }}
                          testId={`widget-pivot-row-${i}`}
                        />
                      ) : null,
                    )}
                  </Flex>
                </Form.Item>
                <Form.Item label={t('dashboards.pivot.columns')} required>
                  <DimensionPicker
                    fields={known}
                    value={pivot.columns[0]}
                    placeholder={t('dashboards.pickDimension')}
                    onChange={(d) => setQuery({ pivot: { ...pivot, columns: d ? [d] : [] } })}
                    testId="widget-pivot-column"
                  />
                </Form.Item>
              </>
            )}
            <Form.Item label={t('dashboards.field.measures')} required>
              <Flex vertical gap={8}>
                {measures.map((m, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: measures are edited in place by position
                  <Flex gap={8} key={i}>
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      style={{ width: 130 }}
                      value={m.aggregate}
                      options={MeasureAggregate.map((a) => ({ value: a, label: t(`dashboards.aggregate.${a}`) }))}
                      onChange={(aggregate) =>
                        setMeasure(
                          i,
                          aggregate === 'count' ? { aggregate } : { aggregate, ...(m.field ? { field: m.field } : {}) },
                        )
                      }
                      data-testid={`widget-aggregate-${i}`}
                    />
                    {m.aggregate !== 'count' && (
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        style={{ flex: 1 }}
                        value={
                          m.field && measureChoices(m.aggregate).some((f) => f.code === m.field) ? m.field : undefined
                        }
                        placeholder={t('dashboards.pickMeasureField')}
                        options={measureChoices(m.aggregate).map((f) => ({ value: f.code, label: f.name }))}
                        onChange={(field: string) => setMeasure(i, { aggregate: m.aggregate, field })}
                        data-testid={`widget-measure-field-${i}`}
                      />
                    )}
                    {measures.length > 1 && (
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('dashboards.removeMeasure')}
                        onClick={() => setQuery({ measures: measures.filter((_, j) => j !== i) })}
                      />
                    )}
                  </Flex>
                ))}
                {measures.length < maxMeasures && (
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => setQuery({ measures: [...measures, { aggregate: 'count' }] })}
                  >
                    {t('dashboards.addMeasure')}
                  </Button>
                )}
              </Flex>
            </Form.Item>
            {isChart && (
              <Form.Item label={t('dashboards.field.valueLabels')}>
                <Segmented
                  value={draft.valueLabels === undefined ? 'auto' : draft.valueLabels ? 'on' : 'off'}
                  options={(['auto', 'on', 'off'] as const).map((v) => ({
                    value: v,
                    label: t(`dashboards.valueLabels.${v}`),
                  }))}
                  onChange={(v) =>
                    setDraft(({ valueLabels: _old, ...d }) => (v === 'auto' ? d : { ...d, valueLabels: v === 'on' }))
                  }
                  data-testid="widget-value-labels"
                />
              </Form.Item>
            )}
            {draft.kind === 'number' && !approvals && (
              <Form.Item label={t('dashboards.field.compare')}>
                <Flex gap={8}>
                  <Select
                    style={{ flex: 1 }}
                    allowClear
                    value={draft.compare?.field}
                    placeholder={t('dashboards.pickCompareField')}
                    options={known.filter(isDate).map((f) => ({ value: f.code, label: f.name }))}
                    onChange={(field: string | undefined) =>
                      setDraft((d) => {
                        const { compare: _old, ...rest } = d;
                        return field ? { ...rest, compare: { field, period: d.compare?.period ?? 'month' } } : rest;
                      })
                    }
                    data-testid="widget-compare-field"
                  />
                  {draft.compare && (
                    <Select
                      style={{ width: 110 }}
                      value={draft.compare.period}
                      options={ComparePeriod.map((p) => ({ value: p, label: t(`dashboards.granularity.${p}`) }))}
                      onChange={(period) =>
                        setDraft((d) => (d.compare ? { ...d, compare: { field: d.compare.field, period } } : d))
                      }
                      data-testid="widget-compare-period"
                    />
                  )}
                </Flex>
              </Form.Item>
            )}
            <Form.Item label={t('dashboards.field.filter')}>
              <FilterPanel
                fields={known}
                filter={query.filter}
                delay={0}
                width="100%"
                onChange={(filter: FilterGroup | undefined) =>
                  setDraft((d) => {
                    const { filter: _old, ...rest } = d.query;
                    return { ...d, query: filter ? { ...rest, filter } : rest };
                  })
                }
              />
            </Form.Item>
          </>
        )}
        {!tables.length && <Typography.Text type="secondary">{t('dashboards.noTables')}</Typography.Text>}
      </Form>
    </Drawer>
  );
}

/** One dimension: a groupable field and, for dates, its granularity. */
function DimensionPicker({
  fields,
  value,
  onChange,
  placeholder,
  allowClear,
  testId,
}: {
  fields: QueryField[];
  value: WidgetDimension | undefined;
  onChange: (d: WidgetDimension | undefined) => void;
  placeholder: string;
  allowClear?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const field = fields.find((f) => f.code === value?.field);
  return (
    <Flex gap={8}>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        style={{ flex: 1 }}
        allowClear={allowClear}
        value={value?.field}
        placeholder={placeholder}
        options={fields.filter(groupable).map((f) => ({ value: f.code, label: f.name }))}
        onChange={(code: string | undefined) => {
          const f = fields.find((x) => x.code === code);
          onChange(code ? (isDate(f) ? { field: code, granularity: 'month' } : { field: code }) : undefined);
        }}
        data-testid={testId}
      />
      {isDate(field) && value && (
        <Select
          style={{ width: 110 }}
          value={value.granularity ?? 'month'}
          options={DateGranularity.map((g) => ({ value: g, label: t(`dashboards.granularity.${g}`) }))}
          onChange={(granularity) => onChange({ field: value.field, granularity })}
          data-testid={`${testId}-granularity`}
        />
      )}
    </Flex>
  );
}
