import type { AutomationRunStatus } from '@canopy/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  queued: 'default',
  running: 'processing',
  waiting: 'purple',
  done: 'success',
  failed: 'error',
  stopped: 'warning',
  skipped: 'default',
};

/** A run's (or a step's) status in the reader's words. */
export function RunStatusTag({ status }: { status: AutomationRunStatus | string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid="run-status">
      {t(`automations.runStatus.${status}`, { defaultValue: status })}
    </Tag>
  );
}

/** A time in the reader's locale (runs, steps). */
export function formatTime(ms: number | null, lang: string): string {
  if (ms === null) return '—';
  return new Intl.DateTimeFormat(lang === 'jp' ? 'ja' : lang, {
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(ms);
}
