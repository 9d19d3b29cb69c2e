import { type LetterListQuery, NoticeEndpoints } from '@canopy/contract';
import { call } from '../../../shell/api/client';

/** Unread notification count of the current member. Its errors never pop up (spec §7, catalogue). */
export function fetchUnreadCount(): Promise<number> {
  return call(NoticeEndpoints.countUnread);
}

/** Spec §7 "query letters": offset, pageSize, readStatus (absent: all) and userId (the asker's own). */
export function fetchLetters(query: Partial<LetterListQuery> & { offset: number; pageSize: number; userId: string }) {
  return call(NoticeEndpoints.list, { query: query as LetterListQuery });
}

/** Spec §7 "notice id by event id": the asker's letter written for this event, or null. */
export function fetchLetterIdByEvent(eventId: string): Promise<number | null> {
  return call(NoticeEndpoints.idByEvent, { query: { eventId } });
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
