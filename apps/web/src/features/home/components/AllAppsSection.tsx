import { DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton, Space, Typography } from 'antd';
import { type DragEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../../shell/app/lazy-chunk';
import { PlainCard } from '../../../shell/layout/PlainCard';
import { PlainResult } from '../../../shell/layout/PlainResult';
import { useAppList, useSaveAppOrder } from '../hooks/useAppList';
import { moveApp, shiftApp, toggleStar } from '../lib/app-order';
import { AppGroup } from './AppGroup';
import { CreateAppMenu } from './CreateAppMenu';
import { SectionEmpty } from './SectionEmpty';
import './app-grid.css';

/** Opened rarely: each loads the first time it opens, so the page shows without it. */
const RecycleBinDrawer = lazyDialog(() =>
  import('../../apps/components/RecycleBinDrawer').then((m) => m.RecycleBinDrawer),
);

/**
 * 全部应用 (spec §2 Home, centre; §4 starring): starred apps, then the others. Starring and dragging
 * within or between the groups reorder at once and are saved for the member.
 */
export function AllAppsSection() {
  const { t } = useTranslation();
  const list = useAppList();
  const save = useSaveAppOrder();
  const [dragging, setDragging] = useState<string | null>(null);
  const [binOpen, setBinOpen] = useState(false);
  const apps = list.data ?? [];
  const starred = apps.filter((a) => a.isStoreUp);
  const others = apps.filter((a) => !a.isStoreUp);

  const change = (next: typeof apps) => {
    if (next !== apps) save.mutate(next);
  };
  const onDragStart = (code: string, event: DragEvent<HTMLLIElement>) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', code);
    setDragging(code);
  };
  const onDrop = (toStarred: boolean, beforeCode: string | null) => {
    if (dragging) change(moveApp(apps, dragging, toStarred, beforeCode));
    setDragging(null);
  };
  const groupProps = {
    draggingCode: dragging,
    onToggleStar: (code: string) => change(toggleStar(apps, code)),
    onShift: (code: string, by: -1 | 1) => change(shiftApp(apps, code, by)),
    onDragStart,
    onDragEnd: () => setDragging(null),
    onDrop,
  };

  let body: ReactNode;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (list.isError)
    body = (
      <PlainResult
        status="warning"
        title={t('apps.loadFailed')}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else if (apps.length === 0)
    body = (
      <Flex vertical align="center" gap={12} style={{ padding: '8px 0 16px' }}>
        <SectionEmpty title={t('apps.empty')} hint={t('apps.emptyHint')} />
        <CreateAppMenu />
      </Flex>
    );
  else
    body = (
      <Flex vertical gap={20}>
        <AppGroup
          {...groupProps}
          title={t('apps.starredGroup')}
          starred
          apps={starred}
          emptyHint={t('apps.starredDropHint')}
        />
        <AppGroup
          {...groupProps}
          title={starred.length ? t('apps.otherGroup') : t('apps.allGroup')}
          starred={false}
          apps={others}
          emptyHint={t('apps.otherDropHint')}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('apps.reorderHint')}
        </Typography.Text>
      </Flex>
    );

  return (
    <PlainCard
      title={t('apps.sectionTitle')}
      data-testid="all-apps-section"
      extra={
        <Space>
          <Button icon={<DeleteOutlined />} onClick={() => setBinOpen(true)} data-testid="recycle-bin-open">
            {t('apps.recycleBin')}
          </Button>
          {apps.length > 0 && <CreateAppMenu />}
        </Space>
      }
    >
      {body}
      <RecycleBinDrawer open={binOpen} onClose={() => setBinOpen(false)} />
    </PlainCard>
  );
}
