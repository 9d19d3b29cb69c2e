import { DeleteOutlined, EditOutlined, HolderOutlined } from '@ant-design/icons';
import type { PageBlock } from '@canopy/contract';
import { Button, Card, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { BlockContent } from './BlockContent';

/**
 * One block on the grid: its title bar (the drag handle in design mode, with edit and remove) and
 * its content. A chart block shows its own card, so it gets no second frame.
 */
export function BlockCard({
  block,
  designing,
  onEdit,
  onRemove,
}: {
  block: PageBlock;
  designing: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const bare = block.kind === 'widget' || block.kind === 'button';
  const actions = designing && (
    <Space size={2} className="widget-actions">
      {block.roles.length > 0 && <Tag>{block.roles.map((r) => t(`customPages.roles.${r}`)).join('、')}</Tag>}
      <Tooltip title={t('customPages.editBlock')}>
        <Button size="small" type="text" icon={<EditOutlined />} onClick={onEdit} data-testid="block-edit" />
      </Tooltip>
      <Tooltip title={t('customPages.removeBlock')}>
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={onRemove}
          data-testid="block-remove"
        />
      </Tooltip>
    </Space>
  );
  const handle = designing && <HolderOutlined style={{ marginInlineEnd: 6, cursor: 'move' }} />;
  if (bare && !designing)
    return (
      <div style={{ height: '100%' }} data-testid={`page-block-${block.kind}`}>
        <BlockContent block={block} />
      </div>
    );
  return (
    <Card
      size="small"
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1, overflow: 'auto', minHeight: 0 } }}
      title={
        block.title || designing ? (
          <span className="widget-drag">
            {handle}
            {block.title || t(`customPages.kinds.${block.kind}`)}
          </span>
        ) : undefined
      }
      extra={actions}
      data-testid={`page-block-${block.kind}`}
    >
      <BlockContent block={block} />
    </Card>
  );
}
