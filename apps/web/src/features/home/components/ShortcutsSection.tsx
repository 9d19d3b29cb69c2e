import { PlusOutlined } from '@ant-design/icons';
import { DashboardNodeType, type Shortcut } from '@canopy/contract';
import { App, Button, Flex, Skeleton, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../../shell/app/lazy-chunk';
import { PlainCard } from '../../../shell/layout/PlainCard';
import { PlainResult } from '../../../shell/layout/PlainResult';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { useSaveShortcutOrder, useShortcutList } from '../hooks/useShortcuts';
import { SectionEmpty } from './SectionEmpty';
import './app-grid.css';

/** The table's services load only when someone uses a quick-add shortcut; a failed load says so in the drawer. */
/** The dialogs load when opened: the workbench's first paint does not wait for the tree or the pickers. */
const AddShortcutDialog = lazyDialog(() => import('./AddShortcutDialog').then((m) => m.AddShortcutDialog));
const ShortcutSettingsDialog = lazyDialog(() =>
  import('./ShortcutSettingsDialog').then((m) => m.ShortcutSettingsDialog),
);

/** The cards with drag-to-reorder (dnd-kit): loaded only when there are shortcuts. */
const ShortcutGrid = lazy(() => import('./ShortcutGrid').then((m) => ({ default: m.ShortcutGrid })));

/** Quick add's drawer and the table's services: fetched when a quick-add shortcut is first used. */
const QuickAddHost = lazyDialog(() => import('./QuickAddHost').then((m) => m.QuickAddHost));

/**
 * 快捷方式 (spec §2 Home, centre; §3–§6): the team's open-app, quick-add and quick-view shortcuts in
 * the saved order (locked ones first), then the member's private ones. The team owner adds the team's
 * from the apps' tables, renames, recolours, re-icons, locks, deletes and drags them; any member adds
 * and manages private ones; everyone uses them as far as their rights on the target go.
 */
export function ShortcutsSection() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useAppNavigate();
  const list = useShortcutList();
  const saveOrder = useSaveShortcutOrder();
  const [adding, setAdding] = useState(false);
  const [settings, setSettings] = useState<Shortcut | null>(null);
  const [quickAdd, setQuickAdd] = useState<Shortcut | null>(null);
  const nodes = list.data?.nodes ?? [];
  const canManage = list.data?.canManage ?? false;

  const open = (s: Shortcut) => {
    if (!s.reach.app) {
      modal.warning({ title: t('shortcuts.appMissing'), content: t('shortcuts.appMissingHint') });
      return;
    }
    const { appCode, schemaCode } = s.reference;
    if (s.type === DashboardNodeType.app) {
      if (!s.reach.view) message.warning(t('shortcuts.noViewPermission'));
      else navigate(`/app/${encodeURIComponent(appCode)}`);
      return;
    }
    if (s.type === DashboardNodeType.linkQuery) {
      if (!s.reach.add) message.warning(t('shortcuts.noAddPermission'));
      else setQuickAdd(s);
      return;
    }
    if (!s.reach.view) message.warning(t('shortcuts.noViewPermission'));
    else navigate(`/app/${encodeURIComponent(appCode)}/${encodeURIComponent(schemaCode)}`);
  };

  let body: ReactNode;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (list.isError)
    body = (
      <PlainResult
        status="warning"
        title={t('shortcuts.loadFailed')}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else if (nodes.length === 0) body = <SectionEmpty title={t('home.shortcutsEmpty')} hint={t('home.shortcutsHint')} />;
  else
    body = (
      <Flex vertical gap={10}>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
          <ShortcutGrid
            nodes={nodes}
            canManage={canManage}
            onOpen={open}
            onSettings={setSettings}
            onReorder={(codes) => saveOrder.mutate(codes)}
          />
        </Suspense>
        {canManage && nodes.length > 1 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('shortcuts.reorderHint')}
          </Typography.Text>
        )}
      </Flex>
    );

  return (
    <PlainCard
      title={t('home.shortcutsTitle')}
      data-testid="shortcuts-section"
      extra={
        // Everyone adds: the team owner for the team, other members private ones for themselves.
        list.isSuccess && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="shortcut-add">
            {t('shortcuts.add')}
          </Button>
        )
      }
    >
      {body}
      {adding && <AddShortcutDialog teamOwner={canManage} onClose={() => setAdding(false)} />}
      {settings && (
        <ShortcutSettingsDialog shortcut={settings} teamOwner={canManage} onClose={() => setSettings(null)} />
      )}
      {quickAdd && (
        <QuickAddHost
          appCode={quickAdd.reference.appCode}
          schemaCode={quickAdd.reference.schemaCode}
          onClose={() => setQuickAdd(null)}
        />
      )}
    </PlainCard>
  );
}
