import { useQuery } from '@tanstack/react-query';
import { Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { useSession } from '../../../shell/session/session-context';
import { announcementKeys, fetchAdminAnnouncements } from '../api/announcements-api';
import { corpKeys, fetchOutbox } from '../api/corp-api';
import { AnnouncementsTab } from '../components/AnnouncementsTab';
import { FeaturesTab } from '../components/FeaturesTab';
import { InvitationsTab } from '../components/InvitationsTab';
import { MembersRolesTab } from '../components/MembersRolesTab';
import { OutboxTab } from '../components/OutboxTab';
import { TeamSettingsTab } from '../components/TeamSettingsTab';
import { useKeptState } from '../hooks/useKeptState';

const TABS = ['members', 'invitations', 'settings', 'features', 'announcements', 'outbox'] as const;
/** The instance administrator's tabs: shown when their list answers (403 for everyone else). */
const ADMIN_TABS: readonly CorpTab[] = ['announcements', 'outbox'];
type CorpTab = (typeof TABS)[number];

/**
 * /corp/manage: enterprise management, for the owner and admins of the current team (spec §6).
 * Kept alive when leaving: the tab (and each tab's filters) stay in memory and the data in the
 * query cache, so coming back is instant.
 */
export function CorpManagePage() {
  const { t } = useTranslation();
  const { isManager } = useSession();
  const [search, setSearch] = useSearchParams();
  const [kept, setKept] = useKeptState<CorpTab>('corp:tab', 'members');
  // The outbox is the instance administrator's; anyone else gets 403 and never sees the tab.
  const outbox = useQuery({ queryKey: corpKeys.outbox, queryFn: fetchOutbox, retry: false, enabled: isManager });
  const announcements = useQuery({
    queryKey: announcementKeys.admin,
    queryFn: fetchAdminAnnouncements,
    retry: false,
    enabled: isManager,
  });
  if (!isManager) return <Navigate to="/403" replace />;

  const fromUrl = TABS.find((tab) => tab === search.get('tab'));
  const adminOk = { announcements: announcements.isSuccess, outbox: outbox.isSuccess } as Record<CorpTab, boolean>;
  const available = TABS.filter((tab) => !ADMIN_TABS.includes(tab) || adminOk[tab]);
  const active = available.find((tab) => tab === (fromUrl ?? kept)) ?? 'members';
  const select = (key: string) => {
    const tab = TABS.find((candidate) => candidate === key);
    if (!tab) return;
    setKept(tab);
    const next = new URLSearchParams(search);
    next.set('tab', tab);
    setSearch(next, { replace: true });
  };

  const panes: Record<CorpTab, { label: string; children: ReactNode }> = {
    members: { label: t('corp.tabMembers'), children: <MembersRolesTab /> },
    invitations: { label: t('corp.tabInvitations'), children: <InvitationsTab /> },
    settings: { label: t('corp.tabSettings'), children: <TeamSettingsTab /> },
    features: { label: t('corp.tabFeatures'), children: <FeaturesTab /> },
    announcements: { label: t('corp.tabAnnouncements'), children: <AnnouncementsTab /> },
    outbox: { label: t('corp.tabOutbox'), children: <OutboxTab /> },
  };

  return (
    <PageContainer title={t('pages.corpManage.title')} testId="corp-manage-page">
      <Card styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          activeKey={active}
          onChange={select}
          items={available.map((key) => ({
            key,
            label: <span data-testid={`corp-tab-${key}`}>{panes[key].label}</span>,
            children: panes[key].children,
          }))}
        />
      </Card>
    </PageContainer>
  );
}
