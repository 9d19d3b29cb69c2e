import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { UpcomingState } from '../../../shell/layout/UpcomingState';
import { useSession } from '../../../shell/session/session-context';
import { useUnreadCount } from '../hooks/useUnreadCount';

/** /notice, the full notification page reached from the popup's "view all". */
export function NoticePage() {
  const { t } = useTranslation();
  const { current } = useSession();
  const unread = useUnreadCount(current?.engineCode);
  return (
    <PageContainer title={t('pages.notice.title')} testId="notice-page">
      <UpcomingState
        title={unread > 0 ? t('notice.unreadSummary', { count: unread }) : t('pages.notice.empty')}
        hint={t('pages.notice.hint')}
      />
    </PageContainer>
  );
}
