import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../shell/layout/PageHeading';
import { useAppWorkspace } from '../hooks/app-context';
import { AppIcon } from './AppIcon';
import { AppNodeCards } from './AppNodeCards';
import { IntroEditorDialog } from './intro/IntroEditorDialog';
import { RichTextView } from './intro/RichTextView';
import { hasVisibleText } from './intro/sanitize';

/** The app's start page (no menu item selected): a welcome, where to begin, and the introduction. */
export function AppHome() {
  const { t } = useTranslation();
  const { app, nodes, nodesLoading, canEdit } = useAppWorkspace();
  const [editing, setEditing] = useState(false);
  let hint = t('appPage.welcomeViewer');
  // "新建数据表…" only for an app still empty: one installed from a template is ready to use.
  if (canEdit)
    hint = !nodesLoading && nodes.length === 0 ? t('appPage.welcomeEditor') : t('appPage.welcomeEditorBuilt');
  else if (!nodesLoading && nodes.length === 0) hint = t('appPage.welcomeEmptyViewer');
  return (
    <Flex vertical gap={16} style={{ maxWidth: 960, margin: '0 auto', padding: 24 }} data-testid="app-home">
      <Card>
        <Flex align="center" gap={16}>
          <AppIcon icon={app.icon} color={app.color} size={56} />
          <div style={{ minWidth: 0 }}>
            <PageHeading style={{ margin: 0 }} ellipsis>
              {t('appPage.welcomeTitle', { name: app.displayName })}
            </PageHeading>
            <Typography.Text type="secondary">{hint}</Typography.Text>
            {app.ownerName && (
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('appPage.ownerLine', { name: app.ownerName })}
                </Typography.Text>
              </div>
            )}
          </div>
        </Flex>
      </Card>
      {app.displayMode === 'card' && <AppNodeCards />}
      <Card
        title={t('appPage.introTitle')}
        extra={
          canEdit && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="intro-edit">
              {t('appPage.introEdit')}
            </Button>
          )
        }
      >
        {hasVisibleText(app.description) ? (
          <RichTextView html={app.description} testId="intro-view" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('appPage.introEmpty')} />
        )}
      </Card>
      {editing && <IntroEditorDialog onClose={() => setEditing(false)} />}
    </Flex>
  );
}
