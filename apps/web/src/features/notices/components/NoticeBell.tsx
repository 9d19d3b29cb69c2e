import { BellOutlined } from '@ant-design/icons';
import { type Letter, Limits } from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Popover, Spin, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAllTexts } from '../../../shell/i18n/i18n';
import { useSession } from '../../../shell/session/session-context';
import { markAllLettersRead, markLettersRead } from '../api/notice-api';
import { useLetterFeed } from '../hooks/useLetterFeed';
import { useUnreadCount } from '../hooks/useUnreadCount';
import { noticeKeys } from '../lib/query-keys';

/**
 * The popup's list (tabs, letters, paging), with the pages' texts it shares with the notice page
 * (`pages.notice`, i18n.ts `loadAllTexts`): fetched when the bell is first approached or opened.
 */
const loadPanel = () => Promise.all([import('./NoticePanel'), loadAllTexts()]).then(([m]) => m);
const NoticePanel = lazy(() => loadPanel().then((m) => ({ default: m.NoticePanel })));

/**
 * The bell (the unread count as a badge, "999+" above 999, spec §9) and its popup: opening it loads the list, unread only
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

  const content = (
    <Suspense fallback={<Spin size="small" style={{ display: 'block', width: 340, padding: 24 }} />}>
      <NoticePanel
        count={count}
        unreadOnly={unreadOnly}
        onUnreadOnly={setUnreadOnly}
        feed={feed}
        onRead={read}
        onReadAll={readAll}
        onClose={() => setOpen(false)}
      />
    </Suspense>
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
          <Badge count={count} overflowCount={Limits.unreadBadgeMax} size="small" offset={[-6, 6]}>
            <Button
              type="text"
              shape="circle"
              className="canopy-header-icon"
              icon={<BellOutlined />}
              aria-label={t('header.notifications')}
              data-testid="header-notice"
              data-tour="notice"
              // Fetch the popup's chunk as the pointer or focus arrives, so it is usually there on the click.
              onMouseEnter={() => void loadPanel()}
              onFocus={() => void loadPanel()}
            />
          </Badge>
        </span>
      </Tooltip>
    </Popover>
  );
}
