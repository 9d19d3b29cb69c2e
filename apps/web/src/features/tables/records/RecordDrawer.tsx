import { PrinterOutlined } from '@ant-design/icons';
import { type FieldInfo, type FormLayout, flowOwnsRecord, type StartContext } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Result, Skeleton, Space, Tabs, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/form-errors';
import { useDialogFocus } from '../../../shell/dialogs/useDialogFocus';
import { printPreviewPath } from '../../print/print-links';
import { FlowStartForm } from '../../workflow/components/FlowStartForm';
import { RecordFlowPanel } from '../../workflow/components/RecordFlowPanel';
import { tableKeys, tablesApi } from '../api/tables-api';
import { AutomationButtons } from './AutomationButtons';
import { withFieldAccess } from './field-access';
import { RecordDetail } from './RecordDetail';
import { RecordForm } from './RecordForm';
import { WecomShareButton } from './WecomShareButton';

interface Props {
  engineCode: string;
  p: { appCode: string; schemaCode: string };
  tableKey: readonly unknown[];
  fields: FieldInfo[];
  layout: FormLayout;
  access: { add: boolean; view: boolean; edit: boolean; delete: boolean };
  /** May design the app: the only ones who change a record here while its flow runs. */
  designable?: boolean;
  /** The member's field rules: hidden fields leave the form, read-only ones cannot be changed. */
  fieldAccess?: Record<string, 'hidden' | 'readonly'>;
  /** 'add' or a record id. */
  target: string;
  onClose: () => void;
  onOpen: (id: string) => void;
  /** The table's published flow, if any: new records are submitted into it, details show it. */
  flow?: StartContext | undefined;
}

/** Quick add and quick view: the fill form, or a record's detail with edit and delete. */
export function RecordDrawer({
  engineCode,
  p,
  tableKey,
  fields,
  layout: designed,
  access,
  designable = false,
  fieldAccess = {},
  target,
  onClose,
  onOpen,
  flow,
}: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const layout = withFieldAccess(designed, fieldAccess);
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const adding = target === 'add';
  const [editing, setEditing] = useState(false);
  const titleRef = useDialogFocus<HTMLSpanElement>();
  const key = tableKeys.record(engineCode, p.appCode, p.schemaCode, target);
  const record = useQuery({
    queryKey: key,
    queryFn: () => tablesApi.record(p, target),
    enabled: !adding && access.view,
    retry: false,
  });

  const remove = () => {
    const r = record.data;
    if (!r) return;
    modal.confirm({
      title: t('tables.deleteConfirm'),
      content: t('tables.deleteConfirmHint'),
      okText: t('tables.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await tablesApi.removeRecord(p, r.id, r.version);
          message.success(t('tables.deleted'));
          await queryClient.invalidateQueries({ queryKey: tableKey });
          onClose();
        } catch (error) {
          message.error(errorText(error));
        }
      },
    });
  };

  let body: ReactNode;
  let title = t('tables.detailTitle');
  if (adding) {
    title = t('tables.addTitle');
    body = !access.add ? (
      <Result status="403" title={t('tables.noAddPermission')} data-testid="record-no-add" />
    ) : flow?.published ? (
      <FlowStartForm
        p={p}
        tableKey={tableKey}
        fields={fields}
        layout={layout}
        start={flow}
        onDone={(r) => onOpen(r.id)}
      />
    ) : (
      <RecordForm p={p} tableKey={tableKey} fields={fields} layout={layout} onDone={(r) => onOpen(r.id)} />
    );
  } else if (!access.view) {
    body = <Result status="403" title={t('tables.noViewPermission')} data-testid="record-no-view" />;
  } else if (record.isLoading) {
    body = <Skeleton active />;
  } else if (record.isError || !record.data) {
    const gone = isApiError(record.error) && record.error.status === 404;
    body = (
      <Result
        status={gone ? '404' : 'error'}
        title={gone ? t('tables.recordDeleted') : errorText(record.error)}
        data-testid="record-missing"
      />
    );
  } else if (editing) {
    title = t('tables.editTitle');
    body = (
      <RecordForm
        key={record.data.id}
        p={p}
        tableKey={tableKey}
        fields={fields}
        layout={layout}
        record={record.data}
        onDone={() => setEditing(false)}
        onReload={async () => (await record.refetch()).data}
      />
    );
  } else {
    // Restoring is editing: the same right, the same flow rule, the member's read-only fields left out.
    const canRestore = access.edit && (!flowOwnsRecord(record.data.flowState) || designable);
    const restore = canRestore
      ? {
          locked: new Set(Object.keys(fieldAccess)),
          current: record.data.data,
          onRestored: async () => {
            await queryClient.invalidateQueries({ queryKey: key });
            await queryClient.invalidateQueries({ queryKey: tableKey });
          },
        }
      : undefined;
    const detail = (
      <RecordDetail
        engineCode={engineCode}
        p={p}
        record={record.data}
        fields={fields}
        layout={layout}
        restore={restore}
      />
    );
    const hasFlow = Boolean(flow?.published) || (record.data.flowState ?? null) !== null;
    body = hasFlow ? (
      <Tabs
        data-testid="record-tabs"
        items={[
          { key: 'detail', label: t('workflow.record.tabDetail'), children: detail },
          {
            key: 'flow',
            label: t('workflow.record.tabFlow'),
            children: (
              <RecordFlowPanel
                engineCode={engineCode}
                p={p}
                recordId={record.data.id}
                version={record.data.version}
                fields={fields}
                canStart={Boolean(flow?.published) && access.add}
                tableKey={tableKey}
              />
            ),
          },
        ]}
      />
    ) : (
      detail
    );
  }

  const canAct = !adding && !editing && record.data;
  return (
    <Drawer
      open
      width={layout.columns === 2 ? 960 : 720}
      title={
        // Focus lands here when the drawer opens or turns into another (the form into the new record).
        <span ref={titleRef} tabIndex={-1} className="canopy-dialog-title">
          {title}
        </span>
      }
      onClose={onClose}
      destroyOnHidden
      data-testid="record-drawer"
      extra={
        canAct ? (
          <Space>
            <AutomationButtons engineCode={engineCode} p={p} recordId={target} />
            <WecomShareButton
              title={title}
              link={`${window.location.origin}/app/${encodeURIComponent(p.appCode)}/${encodeURIComponent(p.schemaCode)}?record=${encodeURIComponent(target)}`}
            />
            <Button
              icon={<PrinterOutlined />}
              onClick={() => navigate(printPreviewPath(p, [target]))}
              data-testid="record-print"
            >
              {t('print.button')}
            </Button>
            {access.edit &&
              (flowOwnsRecord(record.data.flowState) && !designable ? (
                <Tooltip title={t('workflow.record.editInFlow')}>
                  <Button type="primary" disabled data-testid="record-edit">
                    {t('tables.edit')}
                  </Button>
                </Tooltip>
              ) : (
                <Button type="primary" onClick={() => setEditing(true)} data-testid="record-edit">
                  {t('tables.edit')}
                </Button>
              ))}
            {access.delete && (
              <Button danger onClick={remove} data-testid="record-delete">
                {t('tables.delete')}
              </Button>
            )}
          </Space>
        ) : null
      }
    >
      {body}
    </Drawer>
  );
}
