import { sessionKeys } from '../../../shell/session/query-keys';

/** Every notice query starts with ['notices']: a live `letter` event invalidates them all at once. */
export const noticeKeys = {
  all: ['notices'] as const,
  unreadCount: sessionKeys.unreadCount,
  list: (engineCode: string, filter: Record<string, unknown>) => ['notices', 'list', engineCode, filter] as const,
  detail: (engineCode: string, id: number) => ['notices', 'detail', engineCode, id] as const,
  byEvent: (engineCode: string, eventId: string) => ['notices', 'byEvent', engineCode, eventId] as const,
};
