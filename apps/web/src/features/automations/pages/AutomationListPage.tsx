import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { AutomationDefinition, AutomationItem } from '@canopy/contract';
import { AutomationLimits } from '@canopy/contract';
import { App, Button, Empty, Form, Input, Modal, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText, showFormError } from '../../../shell/api/form-errors';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { automationsApi, useAutomations, useLastRun, useRefreshAutomations } from '../api/automations-api';
import { newTrigger } from '../designer/kinds';
import { triggerSummary } from '../designer/summaries';
import { formatTime, RunStatusTag } from '../history/RunStatusTag';

/** An automation's state: never published, published and current, or changed since. */
export function VersionTag({ item }: { item: AutomationItem }) {
  const { t } = useTranslation();
  if (item.version === 0) return <Tag data-testid="au-version">{t('automations.state.draft')}</Tag>;
  if (item.draftChanged)
    return (
      <Tag color="gold" data-testid="au-version">
        {t('automations.state.changed', { version: item.version })}
      </Tag>
    );
  return (
    <Tag color="green" data-testid="au-version">
      {t('automations.state.published', { version: item.version })}
    </Tag>
  );
}

function LastRun({ appCode, id }: { appCode: string; id: string }) {
  const { i18n } = useTranslation();
  const run = useLastRun(appCode, id);
  if (!run.data) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={4}>
      <RunStatusTag status={run.data.status} />
      <Typography.Text type="secondary">{formatTime(run.data.createdAt, i18n.language)}</Typography.Text>
    </Space>
  );
}

/** /automations/:appCode: the app's automations, their switches and last runs; add, rename, delete. */
export function AutomationListPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { app, appCode, nodes } = useAppWorkspace();
  const navigate = useAppNavigate();
  const list = useAutomations(appCode);
  const refresh = useRefreshAutomations(appCode);
  const [naming, setNaming] = useState<AutomationItem | 'new' | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const tables = nodes.filter((n) => n.type === 'Schema');
  const tableName = (code: string) => tables.find((n) => n.code === code)?.displayName ?? code;
  const open = (id: string) => navigate(`/automations/${encodeURIComponent(appCode)}/${encodeURIComponent(id)}`);

  const toggle = async (item: AutomationItem, enabled: boolean) => {
    setSwitching(item.id);
    try {
      await automationsApi.setEnabled({ appCode, automationId: item.id }, enabled);
      message.success(enabled ? t('automations.enabledOn') : t('automations.enabledOff'));
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setSwitching(null);
      await refresh();
    }
  };
  const remove = (item: AutomationItem) =>
    modal.confirm({
      title: t('automations.deleteTitle', { name: item.name }),
      content: t('automations.deleteContent'),
      okText: t('automations.deleteOk'),
      okButtonProps: { danger: true, id: 'au-delete-ok' },
      onOk: async () => {
        try {
          await automationsApi.remove({ appCode, automationId: item.id });
          message.success(t('automations.deleted'));
        } catch (e) {
          message.error(errorText(e));
        }
        await refresh();
      },
    });

  return (
    <PageContainer
      title={t('automations.title', { app: app.displayName })}
      testId="automation-list"
      extra={
        <Space>
          <Link to={`/app/${encodeURIComponent(appCode)}`}>
            <ArrowLeftOutlined /> {t('automations.backToApp')}
          </Link>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setNaming('new')} data-testid="au-create">
            {t('automations.create')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('automations.intro')}</Typography.Paragraph>
      <Table<AutomationItem>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{
          emptyText: list.isError ? (
            <Empty description={errorText(list.error)} />
          ) : (
            <Empty
              image={<ThunderboltOutlined style={{ fontSize: 40, color: '#bfbfbf' }} />}
              styles={{ image: { height: 'auto' } }}
              description={t('automations.empty')}
            />
          ),
        }}
        onRow={(r) => ({ 'data-testid': `au-row-${r.name}` }) as object}
        columns={[
          {
            title: t('automations.col.name'),
            render: (_, r) => (
              <Link
                to={`/automations/${encodeURIComponent(appCode)}/${encodeURIComponent(r.id)}`}
                data-testid="au-open"
              >
                {r.name}
              </Link>
            ),
          },
          {
            title: t('automations.col.trigger'),
            render: (_, r) => (
              <Typography.Text ellipsis style={{ maxWidth: 320 }}>
                {triggerSummary((r.definition as AutomationDefinition).trigger, t, tableName)}
              </Typography.Text>
            ),
          },
          {
            title: t('automations.col.enabled'),
            width: 90,
            render: (_, r) => (
              <Tooltip title={r.version === 0 ? t('automations.publishFirst') : undefined}>
                <Switch
                  checked={r.enabled}
                  disabled={r.version === 0 && !r.enabled}
                  loading={switching === r.id}
                  onChange={(on) => toggle(r, on)}
                  aria-label={t('automations.enableLabel', { name: r.name })}
                  data-testid="au-enabled"
                />
              </Tooltip>
            ),
          },
          { title: t('automations.col.lastRun'), render: (_, r) => <LastRun appCode={appCode} id={r.id} /> },
          { title: t('automations.col.state'), render: (_, r) => <VersionTag item={r} /> },
          {
            title: t('automations.col.actions'),
            width: 120,
            render: (_, r) => (
              <Space size={0}>
                <Tooltip title={t('automations.rename')}>
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={t('automations.rename')}
                    onClick={() => setNaming(r)}
                    data-testid="au-rename"
                  />
                </Tooltip>
                <Tooltip title={t('automations.delete')}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('automations.delete')}
                    onClick={() => remove(r)}
                    data-testid="au-delete"
                  />
                </Tooltip>
              </Space>
            ),
          },
        ]}
      />
      {naming && (
        <NameDialog
          item={naming === 'new' ? null : naming}
          firstTable={tables[0]?.code ?? ''}
          onClose={() => setNaming(null)}
          onDone={async (item, created) => {
            setNaming(null);
            await refresh();
            if (created) open(item.id);
          }}
        />
      )}
    </PageContainer>
  );
}

/** Naming a new automation (it starts as "a record is created" in the app's first table) or renaming one. */
function NameDialog({
  item,
  firstTable,
  onClose,
  onDone,
}: {
  item: AutomationItem | null;
  firstTable: string;
  onClose: () => void;
  onDone: (item: AutomationItem, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const { appCode } = useAppWorkspace();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    setError(null);
    try {
      const done = item
        ? await automationsApi.update({ appCode, automationId: item.id }, { name: name.trim() })
        : await automationsApi.create(appCode, name.trim(), {
            trigger: newTrigger(firstTable ? 'record' : 'schedule', firstTable),
            steps: [],
          });
      onDone(done, !item);
    } catch (e) {
      setError(showFormError(form, e, ['name']));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={item ? t('automations.renameTitle') : t('automations.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving, id: 'au-name-ok' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: item?.name ?? '' }}
        onFinish={submit}
      >
        <Form.Item
          name="name"
          label={t('automations.nameLabel')}
          rules={[
            { required: true, whitespace: true, message: t('automations.nameRequired') },
            { max: AutomationLimits.nameMax, message: t('automations.nameTooLong', { max: AutomationLimits.nameMax }) },
          ]}
        >
          <Input autoFocus maxLength={AutomationLimits.nameMax} data-testid="au-name-input" />
        </Form.Item>
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </Form>
    </Modal>
  );
}
