import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppWorkspaceContext } from '../../apps/hooks/app-context';
import { useAppRequestContext } from '../../apps/hooks/useAppRequestContext';
import { useWorkspaceValue } from '../../apps/hooks/useWorkspaceValue';
import { TableServices } from '../../tables/components/TableServices';
import { useTable } from '../../tables/components/useTable';
import { RecordDrawer } from '../../tables/records/RecordDrawer';
import { workflowApi, workflowKeys } from '../../workflow/api/workflow-api';
import { QuickAddWaiting as Waiting } from './QuickAddWaiting';

interface Props {
  appCode: string;
  schemaCode: string;
  onClose: () => void;
}

/**
 * Quick add (spec §6): the table's add form opened in place on the workbench — the same drawer and
 * form as on the table's page (a published flow's start form included), inside the app's context.
 * Its own chunk: the table's services load only when someone uses a quick-add shortcut.
 */
export default function QuickAddDrawer(props: Props) {
  const context = useAppRequestContext(props.appCode);
  if (!context.ready) return <Waiting onClose={props.onClose} />;
  return <QuickAddWorkspace {...props} />;
}

function QuickAddWorkspace(props: Props) {
  const { context, failed } = useWorkspaceValue(props.appCode, false);
  const { t } = useTranslation();
  if (failed) return <Waiting onClose={props.onClose} error={new Error(t('appPage.loadFailed'))} />;
  if (!context) return <Waiting onClose={props.onClose} />;
  return (
    <AppWorkspaceContext value={context}>
      <TableServices>
        <QuickAddForm {...props} />
      </TableServices>
    </AppWorkspaceContext>
  );
}

function QuickAddForm({ schemaCode, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const table = useTable(schemaCode);
  const flow = useQuery({
    queryKey: workflowKeys.startContext(table.engineCode, table.appCode, schemaCode),
    queryFn: () => workflowApi.startContext(table.p),
    retry: false,
  });
  const { schema, access, form } = table;
  const failed = schema.error ?? access.error ?? form.error;
  if (failed) return <Waiting onClose={onClose} error={failed} />;
  if (!schema.data || !access.data || !form.data || flow.isPending) return <Waiting onClose={onClose} />;
  return (
    <RecordDrawer
      engineCode={table.engineCode}
      p={table.p}
      tableKey={table.keys.table}
      fields={schema.data.fields}
      layout={form.data}
      access={access.data.accessPermission}
      designable={access.data.designable}
      fieldAccess={access.data.fieldAccess}
      target="add"
      onClose={onClose}
      onOpen={() => {
        message.success(t('shortcuts.addedRecord'));
        onClose();
      }}
      flow={flow.data}
    />
  );
}
