import Type from 'typebox';
import { sessionEndpoints } from './endpoint.js';
import {
  CreateShortcutsBody,
  SaveShortcutLayoutBody,
  ShortcutList,
  ShortcutParams,
  ShortcutTreeApp,
  UpdateShortcutBody,
} from './shortcuts.js';

const shortcutEndpoint = sessionEndpoints('shortcuts');

/** The workbench's shortcuts (spec §7 dashboard node list/add/update/delete; §4 order in the root's layout). */
export const ShortcutEndpoints = {
  list: shortcutEndpoint(
    'GET',
    '/v1/dashboard/nodes',
    "The team's workbench shortcuts in order, with what the member may do with each",
    ShortcutList,
  ),
  create: shortcutEndpoint(
    'POST',
    '/v1/dashboard/nodes/batch',
    'Add quick-add and quick-view shortcuts (team owner); all or nothing',
    ShortcutList,
    { body: CreateShortcutsBody },
  ),
  tree: shortcutEndpoint(
    'GET',
    '/v1/dashboard/nodes/tree',
    'The creation dialog tree: apps, groups, tables and dashboards with their boxes (team owner)',
    Type.Array(ShortcutTreeApp),
  ),
  saveLayout: shortcutEndpoint(
    'PUT',
    '/v1/dashboard/nodes/layout',
    "Save the shortcuts' order as the root's layout (team owner)",
    ShortcutList,
    { body: SaveShortcutLayoutBody },
  ),
  update: shortcutEndpoint(
    'PUT',
    '/v1/dashboard/nodes/:code',
    'Rename, recolour or re-icon a shortcut (team owner)',
    ShortcutList,
    { params: ShortcutParams, body: UpdateShortcutBody },
  ),
  remove: shortcutEndpoint('DELETE', '/v1/dashboard/nodes/:code', 'Delete a shortcut (team owner)', ShortcutList, {
    params: ShortcutParams,
  }),
} as const;
