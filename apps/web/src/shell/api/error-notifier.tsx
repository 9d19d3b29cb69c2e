import { Limits } from '@canopy/contract';
import { Typography } from 'antd';
import { i18n } from '../i18n/i18n';
import { feedback } from './feedback';

/** One error as the user sees it. */
export interface ErrorNotice {
  title: string;
  message: string;
  /** Per-field messages (validation failures). */
  details?: string[];
  /** The request serial number, from the response's trace header. */
  traceId?: string | undefined;
}

const BATCH_KEY = 'canopy-error-batch';
let pending: ErrorNotice[] = [];

function NoticeBody({ notice }: { notice: ErrorNotice }) {
  return (
    <div>
      {notice.details && notice.details.length > 0 ? (
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {notice.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      ) : (
        <div>{notice.message}</div>
      )}
      {notice.traceId && (
        <Typography.Text type="secondary" copyable={{ text: notice.traceId }} style={{ fontSize: 12 }}>
          {i18n.t('errors.serial', { id: notice.traceId })}
        </Typography.Text>
      )}
    </div>
  );
}

function BatchBody({ notices }: { notices: ErrorNotice[] }) {
  return (
    <div style={{ maxHeight: '40vh', overflowY: 'auto' }} data-testid="error-batch-list">
      {notices.map((n, i) => (
        // Notices have no identity beyond their position in this one batch.
        // biome-ignore lint/suspicious/noArrayIndexKey: static list, never reordered
        <div key={i} style={{ padding: '6px 0', borderBottom: i < notices.length - 1 ? '1px solid #f0f0f0' : 'none' }}>
          <Typography.Text strong>{n.title}</Typography.Text>
          <NoticeBody notice={n} />
        </div>
      ))}
    </div>
  );
}

function flush(): void {
  const batch = pending;
  pending = [];
  const [first] = batch;
  if (!first) return;
  const { notification } = feedback();
  if (batch.length === 1) {
    notification.error({
      title: first.title,
      description: <NoticeBody notice={first} />,
      duration: 6,
      props: { 'data-testid': 'error-notification' },
    });
    return;
  }
  notification.error({
    key: BATCH_KEY,
    title: i18n.t('errors.batchTitle'),
    description: <BatchBody notices={batch} />,
    duration: 8,
    props: { 'data-testid': 'error-notification' },
  });
}

/**
 * Shows an error notification. Errors arriving within 300 ms of each other (spec §8/§9) are
 * merged into one notification titled 错误 with a scrolling list, so a failing page that fires
 * several calls does not bury the screen under a stack of popups.
 */
export function notifyError(notice: ErrorNotice): void {
  pending.push(notice);
  // The first error of a batch opens the window; the rest join it until it closes.
  if (pending.length === 1) setTimeout(flush, Limits.errorBatchMs);
}
