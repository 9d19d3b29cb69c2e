import type { TodoAbout } from '@canopy/contract';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinute } from '../../home/lib/format-minute';
import './todo-subject.css';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "已等待 2 小时": how long an item has waited, in whole minutes, hours or days (no dayjs on /home). */
export function waitedText(t: TFunction, receivedAt: number, now: number): string {
  const ms = Math.max(0, now - receivedAt);
  if (ms < MINUTE) return t('todoItem.waitedJust');
  if (ms < HOUR) return t('todoItem.waitedMinutes', { count: Math.floor(ms / MINUTE) });
  if (ms < DAY) return t('todoItem.waitedHours', { count: Math.floor(ms / HOUR) });
  return t('todoItem.waitedDays', { count: Math.floor(ms / DAY) });
}

/** What a to-do shows of itself, wherever it is listed (home panel, /todos, a custom page's block). */
export interface TodoSubjectOf {
  applicant: string;
  schemaName: string;
  about: TodoAbout | null;
  /** The node it waits at (or the open nodes of what I started). */
  activityName: string;
  /** When it reached me (0: do not say how long it waited, e.g. a done item). */
  receivedAt: number;
  /** When the flow was started: said only when `distinguish` (another item on screen reads the same). */
  startedAt: number;
}

/** "艾丽提交的报销单 · 差旅报销 6": who filed which table, and the record's title when the reader may see one. */
export function subjectTitle(t: TFunction, s: TodoSubjectOf): string {
  const headline = t('todoItem.headline', { name: s.applicant, table: s.schemaName });
  return s.about?.title ? `${headline} · ${s.about.title}` : headline;
}

/** The summary as one line: "金额：600 · 备注：第6次出差". */
export function summaryText(t: TFunction, about: TodoAbout | null): string {
  return (about?.summary ?? []).map((e) => t('todoItem.entry', { label: e.label, text: e.text })).join(' · ');
}

/**
 * Keys of the items that would read the same as another on screen (same title and summary): those
 * also say when their flow was started, so look-alike items can be told apart.
 */
export function lookAlikes<T>(items: T[], keyOf: (item: T) => string, textOf: (item: T) => string): Set<string> {
  const seen = new Map<string, number>();
  for (const i of items) seen.set(textOf(i), (seen.get(textOf(i)) ?? 0) + 1);
  return new Set(items.filter((i) => (seen.get(textOf(i)) ?? 0) > 1).map(keyOf));
}

/** The lines under a to-do's title: its summary, then node · waited · deadline (· started at). */
export function TodoSubjectLines({
  subject,
  distinguish,
  now,
}: {
  subject: TodoSubjectOf;
  distinguish: boolean;
  now: number;
}) {
  const { t } = useTranslation();
  const summary = summaryText(t, subject.about);
  const deadline = subject.about?.deadline ?? null;
  const meta: ReactNode[] = [];
  if (subject.activityName) meta.push(<span key="node">{subject.activityName}</span>);
  if (subject.receivedAt) meta.push(<span key="waited">{waitedText(t, subject.receivedAt, now)}</span>);
  if (deadline)
    meta.push(
      <Typography.Text key="deadline" type={deadline < now ? 'danger' : 'warning'} data-testid="todo-deadline">
        {t(deadline < now ? 'todoItem.overdue' : 'todoItem.deadline', { time: formatMinute(deadline) })}
      </Typography.Text>,
    );
  if (distinguish)
    meta.push(<span key="started">{t('todoItem.started', { time: formatMinute(subject.startedAt) })}</span>);
  return (
    <>
      {summary && (
        <Typography.Text
          type="secondary"
          ellipsis
          style={{ display: 'block', fontSize: 12 }}
          data-testid="todo-summary"
        >
          {summary}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} data-testid="todo-meta">
        {meta.flatMap((m, i) => (i ? [' · ', m] : [m]))}
      </Typography.Text>
    </>
  );
}
