import Type from 'typebox';
import { endpoint } from './endpoint.js';
import { AnnouncementItem, ExpiredTags, SystemInfo, VersionQuery } from './system.js';

export const SystemEndpoints = {
  info: endpoint({
    method: 'GET',
    path: '/v1/system/info',
    summary: 'Versions for the about dialog and deployment facts',
    tags: ['system'],
    auth: 'none',
    response: SystemInfo,
  }),
  announcements: endpoint({
    method: 'GET',
    path: '/v1/system/announcements',
    summary: "产品动态 published now (the instance administrator's items within their window), newest first",
    tags: ['system'],
    auth: 'none',
    response: Type.Array(AnnouncementItem),
  }),
  version: endpoint({
    method: 'POST',
    path: '/ug-foreground/version',
    summary: 'The currently deployed web version (checked every 30 minutes)',
    tags: ['system'],
    auth: 'none',
    query: VersionQuery,
    response: Type.String(),
  }),
  expiredTags: endpoint({
    method: 'GET',
    path: '/v1/opdata/tag/expired',
    summary: 'Ids of operation-area items whose publish window has ended',
    tags: ['system'],
    auth: 'none',
    response: ExpiredTags,
  }),
} as const;
