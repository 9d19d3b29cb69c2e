import { NoticeEndpoints } from '@canopy/contract';
import { call } from '../../../shell/api/client';

/** Unread notification count of the current member. Its errors never pop up (spec §7, catalogue). */
export function fetchUnreadCount(): Promise<number> {
  return call(NoticeEndpoints.countUnread);
}
