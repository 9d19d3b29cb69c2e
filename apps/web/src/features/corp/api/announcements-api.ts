import { AdminEndpoints, type AnnouncementBody } from '@canopy/contract';
import { call } from '../../../shell/api/client';

export const announcementKeys = {
  admin: ['admin', 'announcements'] as const,
  /** The workbench's published list (features/operation): refreshed after every change here. */
  published: ['system', 'announcements'] as const,
};

/** Every item (instance administrator only): others get 403, so the call is silent and the tab hidden. */
export function fetchAdminAnnouncements() {
  return call(AdminEndpoints.announcements, { errors: 'silent', tenant: false });
}

export function createAnnouncement(body: AnnouncementBody) {
  return call(AdminEndpoints.createAnnouncement, { body, errors: 'inline', tenant: false });
}

export function updateAnnouncement(id: string, body: AnnouncementBody) {
  return call(AdminEndpoints.updateAnnouncement, { params: { id }, body, errors: 'inline', tenant: false });
}

export function deleteAnnouncement(id: string) {
  return call(AdminEndpoints.deleteAnnouncement, { params: { id }, tenant: false });
}
