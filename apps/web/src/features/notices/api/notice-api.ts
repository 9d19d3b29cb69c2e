import { type LetterListQuery, NoticeEndpoints } from '@canopy/contract';
import { call } from '../../../shell/api/client';

/** Unread notification count of the current member. Its errors never pop up (spec §7, catalogue). */
export function fetchUnreadCount(): Promise<number> {
  return call(NoticeEndpoints.countUnread);
}

export function fetchLetters(query: Partial<LetterListQuery> & { offset: number; pageSize: number }) {
  return call(NoticeEndpoints.list, { query: query as LetterListQuery });
}

export function fetchLetter(id: number) {
  return call(NoticeEndpoints.detail, { query: { id } });
}

export function markLettersRead(ids: number[]): Promise<number> {
  return call(NoticeEndpoints.markRead, { body: { ids } });
}

export function markAllLettersRead(): Promise<number> {
  return call(NoticeEndpoints.markAllRead);
}
