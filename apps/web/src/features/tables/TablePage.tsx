import { ApartmentOutlined, PrinterOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Skeleton, Tabs } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { errorText } from '../../shell/api/form-errors';
import { lazyDialog, lazyPart } from '../../shell/app/lazy-chunk';
import { closeHostPluginModal, inPluginModal } from '../../shell/dialogs/plugin-modal';
import { PageHeading } from '../../shell/layout/PageHeading';
import { useAppNavigate } from '../../shell/navigation/useAppNavigate';
import { useAppWorkspace } from '../apps/hooks/app-context';
import { printDesignerPath } from '../print/print-links';
import { workflowApi, workflowKeys } from '../workflow/api/workflow-api';
import { TableServices } from './components/TableServices';
import { useTable } from './components/useTable';
import { useDesignerTab } from './form-designer/useDesignerTab';
import { TableViews } from './views/TableViews';

// What the first paint of the records does not show is fetched when it is: the designers' tabs, the
// record drawer, and the toolbar's import/export and API buttons (after the grid, which they sit
// beside). bench/README.md "The records grid", "Early requests and a lighter table route".
const FieldDesigner = lazyPart(
  () => import('./designer/FieldDesigner').then((m) => m.FieldDesigner),
  <Skeleton active />,
);
const FormCanvas = lazyPart(() => import('./form-designer/FormCanvas').then((m) => m.FormCanvas), <Skeleton active />);
const RecordDrawer = lazyDialog(() => import('./records/RecordDrawer').then((m) => m.RecordDrawer));
const TransferActions = lazyPart(() => import('./transfer/TransferActions').then((m) => m.TransferActions));
const TableApiButton = lazyPart(() => import('./api-docs/TableApiDrawer').then((m) => m.TableApiButton));

/** A data table (a Schema node): its views of the records, and for designers its form and fields. */
export function TablePage({ schemaCode, name }: { schemaCode: string; name: string }) {
  const { t } = useTranslation();
  const table = useTable(schemaCode);
  const { canEdit } = useAppWorkspace();
  const { viewCode } = useParams();
  const navigate = useAppNavigate();
  const [search, setSearch] = useSearchParams();
  const { tab, switchTab, onFormDirty } = useDesignerTab();
  // The table's published flow: new records go into it, lists show its status columns.
  const flow = useQuery({
    queryKey: workflowKeys.startContext(table.engineCode, table.appCode, schemaCode),
    queryFn: () => workflowApi.startContext(table.p),
    retry: false,
  });
  const target = search.get('add') === '1' ? 'add' : (search.get('record') ?? '');
  const open = useCallback(
    (next: string) =>
      setSearch((prev) => {
        const s = new URLSearchParams(prev);
        s.delete('add');
        s.delete('record');
        // A letter's comment or the grid's thread belongs to the record that was open.
        s.delete('comment');
        s.delete('thread');
        if (next === 'add') s.set('add', '1');
        else if (next) s.set('record', next);
        return s;
      }),
    [setSearch],
  );

  const { schema, access, form } = table;
  const failed = schema.error ?? access.error ?? form.error;
  let content: ReactNode;
  if (failed) content = <Alert type="error" showIcon title={t('tables.loadFailed')} description={errorText(failed)} />;
  else if (!schema.data || !access.data || !form.data) content = <Skeleton active />;
  else {
    const rights = access.data.accessPermission;
    const fields = schema.data.fields;
    const records = (
      <TableViews
        engineCode={table.engineCode}
        p={table.p}
        fields={fields}
        titleFieldCode={schema.data.titleFormat ? '' : schema.data.titleFieldCode}
        access={access.data}
        flow={flow.data?.published === true}
        onOpen={open}
        onAdd={rights.add ? () => open('add') : undefined}
        extra={(view) => (
          <>
            <TransferActions
              p={table.p}
              fields={fields}
              access={access.data}
              recordsKey={table.keys.table}
              viewCode={view.code}
            />
            <TableApiButton p={table.p} tableName={name} fields={fields} fieldAccess={access.data.fieldAccess} />
          </>
        )}
      />
    );
    content = (
      <>
        {access.data.designable ? (
          <Tabs
            destroyOnHidden
            activeKey={tab}
            onChange={switchTab}
            items={[
              { key: 'data', label: t('tables.tabData'), children: records },
              {
                key: 'form',
                label: t('tables.tabForm'),
                children: (
                  <FormCanvas
                    p={table.p}
                    tableKey={table.keys.table}
                    fields={fields}
                    layout={form.data}
                    onTableView={() => switchTab('fields')}
                    onDirty={onFormDirty}
                  />
                ),
              },
              {
                key: 'fields',
                label: t('tables.tabFields'),
                children: <FieldDesigner p={table.p} tableKey={table.keys.table} schema={schema.data} />,
              },
            ]}
          />
        ) : (
          records
        )}
        {target && (
          <RecordDrawer
            key={target}
            engineCode={table.engineCode}
            p={table.p}
            tableKey={table.keys.table}
            fields={fields}
            layout={form.data}
            access={rights}
            designable={access.data.designable}
            fieldAccess={access.data.fieldAccess}
            target={target}
            onClose={() => (inPluginModal() ? closeHostPluginModal() : open(''))}
            onOpen={open}
            flow={flow.data}
          />
        )}
      </>
    );
  }
  return (
    <TableServices>
      <div style={{ padding: 24 }} data-testid="table-page">
        {/* In a narrow window (200 % zoom) the buttons go below the name rather than squeeze it to a
            character a line (WCAG 1.4.10). */}
        <Flex
          align="center"
          justify="space-between"
          wrap
          gap={8}
          style={{ marginBottom: 12 }}
          data-testid="table-header"
        >
          <PageHeading style={{ margin: 0, flex: '1 1 8em', minWidth: 0 }}>{name}</PageHeading>
          {canEdit && (
            <Flex gap={8}>
              <Button
                icon={<PrinterOutlined />}
                onClick={() => navigate(printDesignerPath(table.p))}
                data-testid="table-print-templates"
              >
                {t('print.templates')}
              </Button>
              <Button
                icon={<ApartmentOutlined />}
                onClick={() => {
                  const q = new URLSearchParams({ schemaCode });
                  if (viewCode) q.set('viewCode', viewCode);
                  navigate(`/workflow/${encodeURIComponent(table.appCode)}?${q.toString()}`);
                }}
                data-testid="table-design-flow"
              >
                {t('workflow.record.designFlow')}
              </Button>
              <Button
                icon={<ThunderboltOutlined />}
                onClick={() => navigate(`/automations/${encodeURIComponent(table.appCode)}`)}
                data-testid="table-automations"
              >
                {t('automations.menuEntry')}
              </Button>
            </Flex>
          )}
        </Flex>
        {content}
      </div>
    </TableServices>
  );
}
