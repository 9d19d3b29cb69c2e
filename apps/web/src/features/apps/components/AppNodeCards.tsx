import { type FunctionNode, FunctionNodeType } from '@canopy/contract';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../shell/navigation/AppLink';
import { useAppWorkspace } from '../hooks/app-context';
import { appColorHex } from './app-visuals';
import { nodeIcon } from './menu/node-visuals';

function NodeTiles({ nodes, appCode, color }: { nodes: FunctionNode[]; appCode: string; color: string }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 12 }}>
      {nodes.map((node) => {
        const card = (
          <Card key={node.code} size="small" hoverable>
            <Flex align="center" gap={10}>
              <span style={{ fontSize: 18, color }}>{nodeIcon(node.type, node.tag)}</span>
              <Typography.Text ellipsis>{node.displayName}</Typography.Text>
            </Flex>
          </Card>
        );
        // Links open their address in a new tab, never inside the app.
        return node.type === FunctionNodeType.link ? (
          <a key={node.code} href={node.url} target="_blank" rel="noopener noreferrer" style={{ color: 'inherit' }}>
            {card}
          </a>
        ) : (
          <AppLink
            key={node.code}
            to={`/app/${encodeURIComponent(appCode)}/${encodeURIComponent(node.code)}`}
            style={{ color: 'inherit' }}
          >
            {card}
          </AppLink>
        );
      })}
    </div>
  );
}

/** Card display mode (App.displayMode): the app's start page lists its menu as tiles, group by group. */
export function AppNodeCards() {
  const { t } = useTranslation();
  const { appCode, tree, app } = useAppWorkspace();
  const color = appColorHex(app.color);
  const loose = tree.filter((n) => n.type !== 'Group');
  const groups = tree.filter((n) => n.type === 'Group' && n.children.length > 0);
  if (loose.length === 0 && groups.length === 0) return null;
  return (
    <Card title={t('appPage.navTitle')} data-testid="app-node-cards">
      <Flex vertical gap={16}>
        {loose.length > 0 && <NodeTiles nodes={loose} appCode={appCode} color={color} />}
        {groups.map((group) => (
          <Flex vertical gap={8} key={group.code}>
            <Typography.Text type="secondary">{group.displayName}</Typography.Text>
            <NodeTiles nodes={group.children} appCode={appCode} color={color} />
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
