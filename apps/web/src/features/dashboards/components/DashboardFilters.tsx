import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type DashboardFilter,
  type DashboardFilterKind,
  DashboardLimits,
  FILTER_FAMILY,
  type FieldInfo,
  type FilterTarget,
} from '@canopy/contract';
import { useQueries } from '@tanstack/react-query';
import { Button, Card, DatePicker, Drawer, Empty, Flex, Input, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { tableKeys, tablesApi } from '../../tables/api/tables-api';
import { DepartmentInput, MemberInput } from '../../tables/components/people-services';
import type { FilterValues } from '../widget-model';

const SYSTEM: Record<DashboardFilterKind, string[]> = {
  date: ['createdAt', 'modifiedAt'],
  member: ['createdBy', 'modifiedBy'],
  department: [],
  select: [],
};
const TYPES: Record<DashboardFilterKind, string[]> = {
  date: ['date', 'datetime'],
  member: ['member'],
  department: ['department'],
  select: ['singleSelect', 'multiSelect'],
};

type Option = { id: string; label: string };
const optionsOf = (f: FieldInfo | undefined): Option[] =>
  ((f?.settings as { options?: Option[] } | undefined)?.options ?? []).map((o) => ({ id: o.id, label: o.label }));

/**
 * The fields of every table the dashboard's filters reach (the table pages' cached schemas), and
 * what the widgets need from them: a target field's filter family, and a filter's values for one
 * target — a select filter's options are picked from its first target's field and matched by label
 * on the others.
 */
export function useFilterFields(filters: DashboardFilter[]) {
  const { engineCode, appCode } = useAppWorkspace();
  const codes = [...new Set(filters.flatMap((f) => f.targets.map((t) => t.schemaCode)))];
  const schemas = useQueries({
    queries: codes.map((schemaCode) => ({
      queryKey: tableKeys.schema(engineCode, appCode, schemaCode),
      queryFn: () => tablesApi.schema({ appCode, schemaCode }),
      retry: false,
    })),
  });
  const fields = new Map(codes.map((c, i) => [c, schemas[i]?.data?.fields ?? []]));
  const fieldOf = (t: FilterTarget) => fields.get(t.schemaCode)?.find((f) => f.code === t.field);
  const familyOf = (t: FilterTarget): string | undefined => {
    if (t.field === 'createdAt' || t.field === 'modifiedAt') return 'moment';
    if (t.field === 'createdBy' || t.field === 'modifiedBy') return 'member';
    const type = fieldOf(t)?.type;
    return type ? FILTER_FAMILY[type] : undefined;
  };
  const choices = (f: DashboardFilter) => optionsOf(f.targets[0] && fieldOf(f.targets[0]));
  const valuesFor = (values: FilterValues) => (f: DashboardFilter, t: FilterTarget) => {
    const chosen = values[f.id] ?? [];
    if (f.kind !== 'select' || !chosen.length || t === f.targets[0]) return chosen;
    const labels = new Set(
      choices(f)
        .filter((o) => chosen.includes(o.id))
        .map((o) => o.label),
    );
    return optionsOf(fieldOf(t))
      .filter((o) => labels.has(o.label))
      .map((o) => o.id);
  };
  return { familyOf, valuesFor, choices, fields };
}

/** The viewer's filter bar: one input per filter the designer set up; the values are the viewer's own. */
export function DashboardFilters({
  filters,
  values,
  onChange,
  choices,
}: {
  filters: DashboardFilter[];
  values: FilterValues;
  onChange: (v: FilterValues) => void;
  choices: (f: DashboardFilter) => Option[];
}) {
  const { t } = useTranslation();
  if (!filters.length) return null;
  const set = (id: string, v: string[]) => onChange({ ...values, [id]: v });
  return (
    <Flex gap={24} wrap align="center" style={{ marginBottom: 16 }} data-testid="dashboard-filters">
      {filters.map((f) => {
        const v = values[f.id] ?? [];
        return (
          <Flex gap={8} align="center" key={f.id} data-testid={`dashboard-filter-${f.kind}`}>
            <Typography.Text type="secondary">{f.label}</Typography.Text>
            {f.kind === 'date' ? (
              <DatePicker.RangePicker
                value={v[0] && v[1] ? [dayjs(v[0]), dayjs(v[1])] : null}
                onChange={(days) => {
                  const [from, to] = days ?? [];
                  set(f.id, from && to ? [from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')] : []);
                }}
              />
            ) : f.kind === 'member' ? (
              <MemberInput multiple value={v} onChange={(ids) => set(f.id, ids)} />
            ) : f.kind === 'department' ? (
              <span style={{ minWidth: 200 }}>
                <DepartmentInput multiple value={v} onChange={(ids) => set(f.id, ids)} />
              </span>
            ) : (
              <Select
                mode="multiple"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ minWidth: 200 }}
                placeholder={t('dashboards.filters.pickOptions')}
                value={v}
                options={choices(f).map((o) => ({ value: o.id, label: o.label }))}
                onChange={(ids: string[]) => set(f.id, ids)}
                data-testid="dashboard-filter-select-input"
              />
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}

const newId = () => `f${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The designer's filter settings: each filter's kind, name and the fields (table by table) it narrows. */
export function FilterSettings({
  filters,
  onDone,
  onCancel,
}: {
  filters: DashboardFilter[];
  onDone: (filters: DashboardFilter[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { nodes } = useAppWorkspace();
  const tables = nodes.filter((n) => n.type === 'Schema');
  const [draft, setDraft] = useState<DashboardFilter[]>(filters);
  const { fields } = useFilterFields(
    // Every table, so a target's fields are there as soon as its table is picked.
    [{ id: 'all', kind: 'date', label: '', targets: tables.map((n) => ({ schemaCode: n.code, field: '' })) }],
  );
  const system: Record<string, string> = {
    createdAt: t('views.system.createdAt'),
    modifiedAt: t('views.system.modifiedAt'),
    createdBy: t('views.system.createdBy'),
    modifiedBy: t('views.system.modifiedBy'),
  };
  const fieldChoices = (kind: DashboardFilterKind, schemaCode: string) => [
    ...SYSTEM[kind].map((code) => ({ value: code, label: system[code] ?? code })),
    ...(fields.get(schemaCode) ?? [])
      .filter((f) => !f.deleted && TYPES[kind].includes(f.type))
      .map((f) => ({ value: f.code, label: f.name })),
  ];
  const update = (i: number, patch: Partial<DashboardFilter>) =>
    setDraft((d) => d.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const complete = draft.every(
    (f) => f.label.trim() && f.targets.length && f.targets.every((x) => x.schemaCode && x.field),
  );

  return (
    <Drawer
      open
      title={t('dashboards.filters.settingsTitle')}
      size={560}
      onClose={onCancel}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            disabled={!complete}
            onClick={() => onDone(draft.map((f) => ({ ...f, label: f.label.trim() })))}
            data-testid="filter-settings-done"
          >
            {t('common.confirm')}
          </Button>
        </Flex>
      }
      data-testid="filter-settings"
    >
      <Typography.Paragraph type="secondary">{t('dashboards.filters.settingsHint')}</Typography.Paragraph>
      <Flex vertical gap={12}>
        {!draft.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboards.filters.none')} />}
        {draft.map((f, i) => (
          <Card
            size="small"
            key={f.id}
            data-testid="filter-setting"
            title={
              <Flex gap={8}>
                <Select
                  style={{ width: 120 }}
                  value={f.kind}
                  options={(['date', 'member', 'department', 'select'] as const).map((k) => ({
                    value: k,
                    label: t(`dashboards.filters.kinds.${k}`),
                  }))}
                  onChange={(kind: DashboardFilterKind) =>
                    update(i, { kind, targets: f.targets.map((x) => ({ schemaCode: x.schemaCode, field: '' })) })
                  }
                  data-testid="filter-kind"
                />
                <Input
                  style={{ flex: 1 }}
                  maxLength={32}
                  placeholder={t('dashboards.filters.label')}
                  value={f.label}
                  onChange={(e) => update(i, { label: e.target.value })}
                  data-testid="filter-label"
                />
              </Flex>
            }
            extra={
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('dashboards.filters.remove')}
                onClick={() => setDraft((d) => d.filter((_, j) => j !== i))}
              />
            }
          >
            <Typography.Text type="secondary">{t('dashboards.filters.targets')}</Typography.Text>
            <Flex vertical gap={8} style={{ marginTop: 8 }}>
              {f.targets.map((x, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: targets are edited in place by position
                <Flex gap={8} key={j}>
                  <Select
                    style={{ flex: 1 }}
                    value={x.schemaCode || undefined}
                    placeholder={t('dashboards.pickTable')}
                    options={tables.map((n) => ({ value: n.code, label: n.displayName }))}
                    onChange={(schemaCode: string) =>
                      update(i, { targets: f.targets.map((y, k) => (k === j ? { schemaCode, field: '' } : y)) })
                    }
                    data-testid="filter-target-table"
                  />
                  <Select
                    style={{ flex: 1 }}
                    value={x.field || undefined}
                    placeholder={t('dashboards.filters.pickField')}
                    options={x.schemaCode ? fieldChoices(f.kind, x.schemaCode) : []}
                    onChange={(field: string) =>
                      update(i, { targets: f.targets.map((y, k) => (k === j ? { ...y, field } : y)) })
                    }
                    data-testid="filter-target-field"
                  />
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    disabled={f.targets.length < 2}
                    aria-label={t('dashboards.filters.remove')}
                    onClick={() => update(i, { targets: f.targets.filter((_, k) => k !== j) })}
                  />
                </Flex>
              ))}
              {f.targets.length < DashboardLimits.filterTargets && (
                <Button
                  type="dashed"
                  size="small"
                  icon={<PlusOutlined />}
                  onClick={() => update(i, { targets: [...f.targets, { schemaCode: '', field: '' }] })}
                  data-testid="filter-add-target"
                >
                  {t('dashboards.filters.addTarget')}
                </Button>
              )}
            </Flex>
          </Card>
        ))}
        {draft.length < DashboardLimits.filters && (
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() =>
              setDraft((d) => [
                ...d,
                { id: newId(), kind: 'date', label: '', targets: [{ schemaCode: '', field: '' }] },
              ])
            }
            data-testid="filter-add"
          >
            {t('dashboards.filters.add')}
          </Button>
        )}
      </Flex>
    </Drawer>
  );
}
