import { BellOutlined } from '@ant-design/icons';
import type { Letter } from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, Flex, Popover, Segmented, Spin, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../shell/navigation/AppLink';
import { useSession } from '../../../shell/session/session-context';
import { markAllLettersRead, markLettersRead } from '../api/notice-api';
import { useLetterFeed } from '../hooks/useLetterFeed';
import { useUnreadCount } from '../hooks/useUnreadCount';
import { formatUnread } from '../lib/format';
import { noticeKeys } from '../lib/query-keys';
import { LetterItem } from './LetterItem';

/** Spec §9: infinite scroll triggers within 40 px of the bottom. */
const SCROLL_SLACK_PX = 40;

/**
 * The bell (a dot while anything is unread) and its popup: opening it loads the list, unread only
 * or all, 10 at a time as the list scrolls; clicking a letter or a link in it marks it read (the
 * unread list drops it and refills below 5); "mark all read" zeroes the count and reloads.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const { current } = useSession();
  const engineCode = current?.engineCode ?? '';
  const count = useUnreadCount(current?.engineCode);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [unreadOnly, setUnreadOnly] = useState(true);
  const feed = useLetterFeed(unreadOnly);
  const { reload } = feed;

  useEffect(() => {
    if (open) reload();
  }, [open, reload]);

  // A letter arriving while the popup is open (the live push or the poll raised the count) shows at
  // the top of the list at once; reading letters lowers the count and needs no reload.
  const lastCount = useRef(count);
  useEffect(() => {
    if (open && count > lastCount.current) reload();
    lastCount.current = count;
  }, [open, count, reload]);

  const setCount = (update: (n: number) => number) =>
    queryClient.setQueryData<number>(noticeKeys.unreadCount(engineCode), (n) => update(n ?? 0));

  const read = async (letter: Letter) => {
    if (letter.readStatus !== 0) return;
    try {
      const changed = await markLettersRead([letter.id]);
      if (changed > 0) setCount((n) => Math.max(0, n - 1));
      feed.markedRead(letter.id);
    } catch {
      // shown by the catalogue
    }
  };

  const readAll = async () => {
    try {
      await markAllLettersRead();
      setCount(() => 0);
      feed.reload();
    } catch {
      // shown by the catalogue
    }
  };

  const footer = feed.loading ? (
    <Spin size="small" />
  ) : feed.hasMore ? (
    <Button type="link" size="small" onClick={feed.loadMore} data-testid="notice-load-more">
      {t('notice.loadMore')}
    </Button>
  ) : feed.items.length > 0 ? (
    <Typography.Text type="secondary" data-testid="notice-no-more">
      {t('notice.noMore')}
    </Typography.Text>
  ) : null;

  const content = (
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
        <Button type="link" size="small" onClick={readAll} disabled={count === 0} data-testid="notice-read-all">
          {t('notice.markAllRead')}
        </Button>
      </Flex>
      <Segmented
        block
        size="small"
        value={unreadOnly ? 'unread' : 'all'}
        onChange={(v) => setUnreadOnly(v === 'unread')}
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
          if (el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_SLACK_PX) feed.loadMore();
        }}
      >
        {feed.items.length === 0 && !feed.loading ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={unreadOnly ? t('notice.empty') : t('pages.notice.empty')}
            style={{ margin: '16px 0' }}
          />
        ) : (
          feed.items.map((letter) => (
            <LetterItem key={letter.id} letter={letter} onRead={read} onFollow={() => setOpen(false)} />
          ))
        )}
        <Flex justify="center" style={{ padding: '6px 0' }}>
          {footer}
        </Flex>
      </div>
      <Flex justify="center" style={{ borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 8 }}>
        <AppLink to="/notice" onClick={() => setOpen(false)} data-testid="notice-view-all">
          {t('common.viewAll')}
        </AppLink>
      </Flex>
    </div>
  );

  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      destroyOnHidden
    >
      <Tooltip title={t('header.notifications')} open={open ? false : undefined}>
        <span data-testid="notice-bell" data-unread={count} style={{ display: 'inline-flex' }}>
          <Badge dot={count > 0} offset={[-8, 8]}>
            <Button
              type="text"
              shape="circle"
              className="canopy-header-icon"
              icon={<BellOutlined />}
              aria-label={t('header.notifications')}
              data-testid="header-notice"
              data-tour="notice"
            />
          </Badge>
        </span>
      </Tooltip>
    </Popover>
  );
}
