import { Limits } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { sessionKeys } from '../../../shell/session/query-keys';
import { fetchUnreadCount } from '../api/notice-api';

/** Spec §4: the unread count is polled, first 2 s after start, then every 15 s. */
export function useUnreadCount(engineCode: string | undefined): number {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setArmed(true), Limits.noticePollFirstMs);
    return () => window.clearTimeout(timer);
  }, []);
  const { data } = useQuery({
    queryKey: sessionKeys.unreadCount(engineCode ?? ''),
    queryFn: fetchUnreadCount,
    enabled: armed && Boolean(engineCode),
    refetchInterval: Limits.noticePollEveryMs,
  });
  return data ?? 0;
}
