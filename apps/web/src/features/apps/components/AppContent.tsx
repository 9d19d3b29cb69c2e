import { Button, Card, Empty, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { lazyPart } from '../../../shell/app/lazy-chunk';
import { PageHeading } from '../../../shell/layout/PageHeading';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { TablePage } from '../../tables/TablePage';
import { useAppWorkspace } from '../hooks/app-context';
import { AppHome } from './AppHome';
import { nodeIcon } from './menu/node-visuals';

// The dashboard (report sub-application) arrives as its own chunk, fetched when one is first shown.
const DashboardPage = lazyPart(
  () => import('../../dashboards/DashboardPage').then((m) => m.DashboardPage),
  <Skeleton active style={{ padding: 32 }} />,
);

// A custom page (the app's portal) is its own chunk too, fetched when one is first shown.
const CustomPage = lazyPart(
  () => import('../../custom-pages/CustomPage').then((m) => m.CustomPage),
  <Skeleton active style={{ padding: 32 }} />,
);

const UPCOMING = {
  Group: { title: 'appPage.groupSelected', hint: 'appPage.groupSelectedHint' },
} as const;
const isKnownType = (type: string): type is keyof typeof UPCOMING => type in UPCOMING;

/**
 * The selected menu item's page: a table, a dashboard, a custom page, a link; a group says to pick
 * one of its items; without a selection the app's own start page shows.
 */
export function AppContent() {
  const { t } = useTranslation();
  const { appCode, nodes, nodesLoading } = useAppWorkspace();
  const { schemaCode } = useParams();
  const navigate = useAppNavigate();
  if (!schemaCode) return <AppHome />;
  if (nodesLoading) return <Skeleton active style={{ padding: 32 }} />;
  const node = nodes.find((n) => n.code === schemaCode);
  if (node?.type === 'Schema') return <TablePage key={node.code} schemaCode={node.code} name={node.displayName} />;
  if (node?.type === 'Dashboard') return <DashboardPage key={node.code} />;
  if (node?.type === 'UserModule') return <CustomPage key={node.code} />;
  if (node?.type === 'Link') {
    return (
      <Result
        icon={nodeIcon(node.type)}
        title={t('customMenu.linkTitle', { name: node.displayName })}
        subTitle={node.url}
        extra={
          <Button type="primary" href={node.url} target="_blank" rel="noopener noreferrer">
            {t('customMenu.openLink')}
          </Button>
        }
        data-testid="node-page-Link"
      />
    );
  }
  if (!node || !isKnownType(node.type)) {
    return (
      <Result
        status="404"
        title={t('appPage.nodeMissing')}
        subTitle={t('appPage.nodeMissingHint')}
        extra={<Button onClick={() => navigate(`/app/${encodeURIComponent(appCode)}`)}>{t('common.back')}</Button>}
        data-testid="node-missing"
      />
    );
  }
  const texts = UPCOMING[node.type];
  return (
    <div style={{ padding: 24 }} data-testid={`node-page-${node.type}`}>
      <PageHeading style={{ marginTop: 0 }}>
        <span style={{ marginInlineEnd: 8 }}>{nodeIcon(node.type, node.tag)}</span>
        {node.displayName}
      </PageHeading>
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          style={{ padding: '48px 0' }}
          description={
            <>
              <Typography.Text strong>{t(texts.title, { name: node.displayName })}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t(texts.hint, { name: node.displayName })}</Typography.Text>
            </>
          }
        />
      </Card>
    </div>
  );
}
