import type { Letter } from '@canopy/contract';
import { Button, Empty, Flex, Segmented, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../shell/navigation/AppLink';
import type { useLetterFeed } from '../hooks/useLetterFeed';
import { formatUnread } from '../lib/format';
import { LetterItem } from './LetterItem';

/** Spec §9: infinite scroll triggers within 40 px of the bottom. */
const SCROLL_SLACK_PX = 40;

interface NoticePanelProps {
  count: number;
  unreadOnly: boolean;
  onUnreadOnly: (unreadOnly: boolean) => void;
  feed: ReturnType<typeof useLetterFeed>;
  onRead: (letter: Letter) => void;
  onReadAll: () => void;
  onClose: () => void;
}

/**
 * The bell's popup (NoticeBell): unread or all letters, loaded 10 at a time as the list scrolls, mark
 * all read, and the way to the notice page. Its own chunk: /home shows only the bell.
 */
export function NoticePanel({ count, unreadOnly, onUnreadOnly, feed, onRead, onReadAll, onClose }: NoticePanelProps) {
  const { t } = useTranslation();
  const footer = feed.loading ? (
    <Spin size="small" />
  ) : feed.hasMore ? (
    <Button type="link" size="small" onClick={() => feed.loadMore()} data-testid="notice-load-more">
      {t('notice.loadMore')}
    </Button>
  ) : feed.items.length > 0 ? (
    <Typography.Text type="secondary" data-testid="notice-no-more">
      {t('notice.noMore')}
    </Typography.Text>
  ) : null;

  return (
    <div style={{ width: 340 }} data-testid="notice-popover">
      <Flex align="center" justify="space-between" style={{ marginBottom: 8 }}>
        <Typography.Text strong>
          {t('notice.popupTitle')}
          {count > 0 && (
            <Typography.Text type="secondary" data-testid="notice-popup-count">
              {` (${formatUnread(count)})`}
            </Typography.Text>
          )}
        </Typography.Text>
        <Button type="link" size="small" onClick={onReadAll} disabled={count === 0} data-testid="notice-read-all">
          {t('notice.markAllRead')}
        </Button>
      </Flex>
      <Segmented
        block
        size="small"
        value={unreadOnly ? 'unread' : 'all'}
        onChange={(v) => onUnreadOnly(v === 'unread')}
        options={[
          { value: 'unread', label: <span data-testid="notice-tab-unread">{t('notice.unread')}</span> },
          { value: 'all', label: <span data-testid="notice-tab-all">{t('notice.all')}</span> },
        ]}
        style={{ marginBottom: 4 }}
      />
      <div
        style={{ maxHeight: 380, overflowY: 'auto' }}
        data-testid="notice-list"
        onScroll={(e) => {
          const el = e.currentTarget;
          // The items this render drew: a scroll event that arrives before a loaded page is drawn
          // measures the old list, and must not ask for the page after it.
          if (el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_SLACK_PX) feed.loadMore(feed.items.length);
        }}
      >
        {feed.items.length === 0 && !feed.loading ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={unreadOnly ? t('notice.empty') : t('pages.notice.empty')}
            style={{ margin: '16px 0' }}
          />
        ) : (
          feed.items.map((letter) => <LetterItem key={letter.id} letter={letter} onRead={onRead} onFollow={onClose} />)
        )}
        <Flex justify="center" style={{ padding: '6px 0' }}>
          {footer}
        </Flex>
      </div>
      <Flex justify="center" style={{ borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 8 }}>
        <AppLink to="/notice" onClick={onClose} data-testid="notice-view-all">
          {t('common.viewAll')}
        </AppLink>
      </Flex>
    </div>
  );
}
