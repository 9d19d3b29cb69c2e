import {
  ArrowLeftOutlined,
  CloudUploadOutlined,
  ExperimentOutlined,
  HistoryOutlined,
  SaveOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Button, Flex, Result, Skeleton, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { errorText } from '../../../shell/api/form-errors';
import { useDocumentTitle } from '../../../shell/layout/useDocumentTitle';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { MemberNames } from '../../tables/components/people-services';
import { AutomationDesigner } from '../designer/AutomationDesigner';
import { useAutomationDraft } from '../designer/useAutomationDraft';
import { RunHistoryDrawer } from '../history/RunHistoryDrawer';
import { TestRunDialog } from '../history/TestRunDialog';
import { VersionTag } from './AutomationListPage';

/** /automations/:appCode/:automationId: the toolbar (name, state, who runs act as, test, history, save, publish, switch) and the canvas. */
export function AutomationDesignerPage({ automationId }: { automationId: string }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { app, appCode } = useAppWorkspace();
  const navigate = useAppNavigate();
  const d = useAutomationDraft(appCode, automationId);
  const [panel, setPanel] = useState<'test' | 'history' | null>(null);
  const item = d.item.data;
  useDocumentTitle(item ? t('automations.designer.docTitle', { name: item.name }) : t('automations.designer.title'));

  // Leaving with unsaved changes asks first (in-app navigation and closing the tab).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => d.dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('automations.designer.leaveTitle'),
      content: t('automations.designer.leaveHint'),
      okText: t('automations.designer.leave'),
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
  useEffect(() => {
    if (!d.dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [d.dirty]);

  const back = () => navigate(`/automations/${encodeURIComponent(appCode)}`);
  if (d.item.isError)
    return (
      <Result
        status={d.item.error && 'status' in d.item.error && d.item.error.status === 404 ? '404' : 'error'}
        title={t('automations.designer.loadFailed')}
        subTitle={errorText(d.item.error)}
        extra={<Button onClick={back}>{t('automations.designer.back')}</Button>}
      />
    );
  if (!item || !d.definition) return <Skeleton active style={{ padding: 32 }} />;

  return (
    <Flex vertical style={{ height: '100%' }} data-testid="au-designer">
      <Flex
        align="center"
        gap={12}
        wrap
        style={{
          minHeight: 56,
          padding: '8px 16px',
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
          flex: 'none',
        }}
        data-testid="au-toolbar"
      >
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          onClick={back}
          aria-label={t('automations.designer.back')}
          data-testid="au-back"
        />
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 160 }}>
          {app.displayName}
        </Typography.Text>
        <Typography.Text type="secondary">/</Typography.Text>
        <Typography.Text
          editable={{
            onChange: (n) => void d.rename(n),
            maxLength: 100,
            tooltip: t('automations.rename'),
            triggerType: ['icon', 'text'],
          }}
          style={{ margin: 0, fontWeight: 500 }}
          data-testid="au-name"
        >
          {item.name}
        </Typography.Text>
        {d.dirty ? (
          <Tag color="orange" data-testid="au-unsaved">
            {t('automations.designer.unsaved')}
          </Tag>
        ) : (
          <VersionTag item={item} />
        )}
        <Tooltip title={t('automations.designer.runsAsHint')}>
          <Typography.Text type="secondary" data-testid="au-runs-as">
            <UserOutlined />{' '}
            {item.publishedBy ? (
              <>
                {t('automations.designer.runsAs')}
                <MemberNames ids={[item.publishedBy]} />
                {t('automations.designer.runsAsRights')}
              </>
            ) : (
              t('automations.designer.runsAsPublisher')
            )}
          </Typography.Text>
        </Tooltip>
        <Flex flex={1} />
        <Space wrap>
          <Button icon={<ExperimentOutlined />} onClick={() => setPanel('test')} data-testid="au-test">
            {t('automations.designer.test')}
          </Button>
          <Button icon={<HistoryOutlined />} onClick={() => setPanel('history')} data-testid="au-history">
            {t('automations.designer.history')}
          </Button>
          <Tooltip title={item.version === 0 ? t('automations.publishFirst') : undefined}>
            <Space size={6}>
              <Switch
                checked={item.enabled}
                disabled={item.version === 0 && !item.enabled}
                loading={d.busy === 'enable'}
                onChange={(on) => void d.setEnabled(on)}
                aria-label={t('automations.enableLabel', { name: item.name })}
                data-testid="au-enable"
              />
              <Typography.Text>{item.enabled ? t('automations.on') : t('automations.off')}</Typography.Text>
            </Space>
          </Tooltip>
          <Button
            icon={<SaveOutlined />}
            onClick={() => void d.save()}
            loading={d.busy === 'save'}
            disabled={!d.dirty || d.busy !== null}
            data-testid="au-save"
          >
            {t('automations.designer.save')}
          </Button>
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            onClick={() => void d.publish()}
            loading={d.busy === 'publish'}
            disabled={d.busy !== null || (!d.dirty && item.version > 0 && !item.draftChanged)}
            data-testid="au-publish"
          >
            {t('automations.designer.publish')}
          </Button>
        </Space>
      </Flex>
      <div style={{ flex: 1, minHeight: 0 }}>
        <AutomationDesigner
          definition={d.definition}
          onChange={d.change}
          problems={d.problems}
          webhookPath={item.webhookPath}
        />
      </div>
      {panel === 'test' && (
        <TestRunDialog
          item={item}
          definition={d.definition}
          unsaved={d.dirty}
          onSave={d.save}
          onClose={() => setPanel(null)}
        />
      )}
      <RunHistoryDrawer open={panel === 'history'} item={item} onClose={() => setPanel(null)} />
    </Flex>
  );
}
