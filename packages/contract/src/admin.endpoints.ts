import Type from 'typebox';
import { endpoint } from './endpoint.js';
import { OutboxMessage } from './invitation.js';
import { AdminAnnouncement, AnnouncementBody, AnnouncementIdParams } from './system.js';

export const AdminEndpoints = {
  outbox: endpoint({
    method: 'GET',
    path: '/v1/admin/outbox',
    summary: 'Developer outbox: mail and SMS written instead of sent (instance administrator only)',
    tags: ['admin'],
    auth: 'session',
    response: Type.Array(OutboxMessage),
  }),
  announcements: endpoint({
    method: 'GET',
    path: '/v1/admin/announcements',
    summary: 'Every 产品动态 item, published or not, newest first (instance administrator only)',
    tags: ['admin'],
    auth: 'session',
    response: Type.Array(AdminAnnouncement),
  }),
  createAnnouncement: endpoint({
    method: 'POST',
    path: '/v1/admin/announcements',
    summary: 'Add a 产品动态 item shown on every workbench within its publish window (instance administrator only)',
    tags: ['admin'],
    auth: 'session',
    body: AnnouncementBody,
    response: AdminAnnouncement,
  }),
  updateAnnouncement: endpoint({
    method: 'PUT',
    path: '/v1/admin/announcements/:id',
    summary: 'Change a 产品动态 item (instance administrator only)',
    tags: ['admin'],
    auth: 'session',
    params: AnnouncementIdParams,
    body: AnnouncementBody,
    response: AdminAnnouncement,
  }),
  deleteAnnouncement: endpoint({
    method: 'DELETE',
    path: '/v1/admin/announcements/:id',
    summary: 'Delete a 产品动态 item (instance administrator only)',
    tags: ['admin'],
    auth: 'session',
    params: AnnouncementIdParams,
    response: Type.Boolean(),
  }),
} as const;
