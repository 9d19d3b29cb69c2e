import { Limits } from '@canopy/contract';

/** Spec §9: the unread count reads "999+" above 999 wherever it is shown as a number. */
export function formatUnread(count: number): string {
  return count > Limits.unreadBadgeMax ? `${Limits.unreadBadgeMax}+` : String(count);
}
