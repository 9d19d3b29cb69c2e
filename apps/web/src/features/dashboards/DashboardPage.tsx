import { EditOutlined, FilterOutlined, PlusOutlined } from '@ant-design/icons';
import type { DashboardFilter, Widget, WidgetKind } from '@canopy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Result, Skeleton, Space } from 'antd';
import { useState } from 'react';
import type { Layout } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorText } from '../../shell/api/form-errors';
import { PageHeading } from '../../shell/layout/PageHeading';
import { nodeIcon } from '../apps/components/menu/node-visuals';
import { useAppWorkspace } from '../apps/hooks/app-context';
import { dashboardKeys, dashboardsApi } from './api/dashboards-api';
import { DashboardFilters, FilterSettings, useFilterFields } from './components/DashboardFilters';
import { PlacedGrid } from './components/PlacedGrid';
import { WidgetCard } from './components/WidgetCard';
import { WidgetEditor } from './components/WidgetEditor';
import { type FilterValues, placeNew, scoped } from './widget-model';

const newId = () => `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A Dashboard menu node (/app/:appCode/:schemaCode): its widgets on a 12-column grid. The app's
 * designers switch to design mode, where widgets are added, edited, dragged and resized, and the
 * whole dashboard is saved at once; everyone else views. Its own chunk, loaded on first show.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { engineCode, appCode, nodes } = useAppWorkspace();
  const code = useParams().schemaCode ?? '';
  const node = nodes.find((n) => n.code === code);
  const client = useQueryClient();
  const key = dashboardKeys.dashboard(engineCode, appCode, code);
  const dashboard = useQuery({ queryKey: key, queryFn: () => dashboardsApi.get({ appCode, code }), retry: false });
  const [draft, setDraft] = useState<Widget[] | null>(null);
  const [draftFilters, setDraftFilters] = useState<DashboardFilter[] | null>(null);
  const [editing, setEditing] = useState<Widget | null>(null);
  const [filterSettings, setFilterSettings] = useState(false);
  const [values, setValues] = useState<FilterValues>({});
  const save = useMutation({
    mutationFn: ({ widgets, filters }: { widgets: Widget[]; filters: DashboardFilter[] }) =>
      dashboardsApi.save({ appCode, code }, widgets, filters),
    onSuccess: (info) => {
      client.setQueryData(key, info);
      setDraft(null);
      setDraftFilters(null);
      message.success(t('dashboards.saved'));
    },
    onError: (e) => message.error(errorText(e)),
  });

  const filterFields = useFilterFields(draftFilters ?? dashboard.data?.filters ?? []);

  if (dashboard.isError)
    return (
      <Result
        status="warning"
        title={t('dashboards.loadFailed')}
        subTitle={errorText(dashboard.error)}
        extra={<Button onClick={() => void dashboard.refetch()}>{t('common.retry')}</Button>}
      />
    );
  if (!dashboard.data) return <Skeleton active style={{ padding: 32 }} data-testid="dashboard-loading" />;

  const info = dashboard.data;
  const designing = draft !== null;
  const widgets = draft ?? info.widgets;
  const filters = draftFilters ?? info.filters;
  const startDesign = () => {
    setDraft(info.widgets);
    setDraftFilters(info.filters);
  };
  const add = (kind: WidgetKind) =>
    setEditing({
      id: newId(),
      kind,
      title: '',
      query: { schemaCode: '', measures: [{ aggregate: 'count' }] },
      place: placeNew(widgets, kind),
    });
  const onLayout = (layout: Layout) => {
    if (!draft) return;
    const byId = new Map(layout.map((l) => [l.i, l]));
    setDraft(
      draft.map((w) => {
        const l = byId.get(w.id);
        return l ? { ...w, place: { x: l.x, y: l.y, w: l.w, h: l.h } } : w;
      }),
    );
  };
  const applyEdit = (w: Widget) => {
    const base = draft ?? info.widgets;
    // A new widget takes its kind's size (a KPI is smaller than a chart) below the others.
    setDraft(
      base.some((x) => x.id === w.id)
        ? base.map((x) => (x.id === w.id ? w : x))
        : [...base, { ...w, place: placeNew(base, w.kind) }],
    );
    setEditing(null);
  };

  return (
    <div style={{ padding: 24 }} data-testid="dashboard-page">
      <Flex
        justify="space-between"
        align="center"
        style={{ marginBottom: 16 }}
        wrap
        gap={8}
        data-testid="dashboard-header"
      >
        <PageHeading style={{ margin: 0 }}>
          <span style={{ marginInlineEnd: 8 }}>{nodeIcon('Dashboard')}</span>
          {node?.displayName ?? info.displayName}
        </PageHeading>
        {info.canDesign &&
          (designing ? (
            <Space>
              <Button icon={<PlusOutlined />} onClick={() => add('bar')} data-testid="dashboard-add">
                {t('dashboards.addWidget')}
              </Button>
              <Button
                icon={<FilterOutlined />}
                onClick={() => setFilterSettings(true)}
                data-testid="dashboard-filter-settings"
              >
                {t('dashboards.filters.settings')}
              </Button>
              <Button
                onClick={() => {
                  setDraft(null);
                  setDraftFilters(null);
                }}
                disabled={save.isPending}
              >
                {t('common.cancel')}
              </Button>
              <Button
                type="primary"
                loading={save.isPending}
                onClick={() => save.mutate({ widgets: draft, filters })}
                data-testid="dashboard-save"
              >
                {t('common.save')}
              </Button>
            </Space>
          ) : (
            <Button icon={<EditOutlined />} onClick={startDesign} data-testid="dashboard-design">
              {t('dashboards.design')}
            </Button>
          ))}
      </Flex>
      <div>
        {widgets.length > 0 && (
          <DashboardFilters filters={filters} values={values} onChange={setValues} choices={filterFields.choices} />
        )}
        {!widgets.length ? (
          <Card>
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              style={{ padding: '48px 0' }}
              description={info.canDesign ? t('dashboards.emptyDesigner') : t('dashboards.emptyViewer')}
              data-testid="dashboard-empty"
            >
              {info.canDesign && (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => {
                    if (!designing) startDesign();
                    add('bar');
                  }}
                >
                  {t('dashboards.addWidget')}
                </Button>
              )}
            </Empty>
          </Card>
        ) : (
          <PlacedGrid items={widgets} designing={designing} onLayout={onLayout} testId="dashboard-grid">
            {(w) => (
              <ScopedWidget
                dashboardCode={code}
                widget={w}
                filters={filters}
                values={values}
                fields={filterFields}
                designing={designing}
                onEdit={() => setEditing(w)}
                onRemove={() => setDraft((d) => (d ?? info.widgets).filter((x) => x.id !== w.id))}
              />
            )}
          </PlacedGrid>
        )}
      </div>
      {filterSettings && (
        <FilterSettings
          filters={filters}
          onCancel={() => setFilterSettings(false)}
          onDone={(next) => {
            setDraftFilters(next);
            setFilterSettings(false);
          }}
        />
      )}
      {editing && (
        <WidgetEditor open widget={editing} onCancel={() => setEditing(null)} onDone={applyEdit} key={editing.id} />
      )}
    </div>
  );
}

/** A widget narrowed by the dashboard's filters, showing those that do not apply to it. */
function ScopedWidget({
  widget,
  filters,
  values,
  fields,
  ...rest
}: {
  dashboardCode: string;
  widget: Widget;
  filters: DashboardFilter[];
  values: FilterValues;
  fields: ReturnType<typeof useFilterFields>;
  designing: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { widget: narrowed, notApplied } = scoped(widget, filters, fields.valuesFor(values), fields.familyOf);
  return <WidgetCard {...rest} widget={narrowed} notApplied={notApplied.map((f) => f.label)} />;
}

export default DashboardPage;
