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
    'Add app, quick-add and quick-view shortcuts: public or locked (team owner) or private (any member, for themself); all or nothing',
    ShortcutList,
    { body: CreateShortcutsBody },
  ),
  tree: shortcutEndpoint(
    'GET',
    '/v1/dashboard/nodes/tree',
    'The creation dialog tree: the apps the member sees, their groups, tables and dashboards with their boxes',
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
    'Rename, recolour, re-icon, lock or unlock a shortcut (team owner; a private one its creator)',
    ShortcutList,
    { params: ShortcutParams, body: UpdateShortcutBody },
  ),
  remove: shortcutEndpoint(
    'DELETE',
    '/v1/dashboard/nodes/:code',
    'Delete a shortcut (team owner; a private one its creator; not while locked)',
    ShortcutList,
    {
      params: ShortcutParams,
    },
  ),
} as const;
