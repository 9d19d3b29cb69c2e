import Type from 'typebox';
import {
  AccessCheck,
  AppCodeParams,
  AppDescriptionBody,
  AppItem,
  AppPermission,
  AppPreference,
  AppPreferenceBody,
  AppRoleBody,
  AppRoleMember,
  CreateAppBody,
  CreateNodeBody,
  FunctionNode,
  NodeParams,
  RemoveAppRoleBody,
  SaveMenuBody,
  UpdateAppBody,
  UpdateAppOwnerBody,
  UpdateNodeBody,
} from './apps.js';
import { sessionEndpoints } from './endpoint.js';

const appEndpoint = sessionEndpoints('apps');

/** Apps of the current team, their roles, the recycle bin, the home order and the menu tree. */
export const AppEndpoints = {
  list: appEndpoint('GET', '/v1/apps', 'Apps the member can use, in their saved order', Type.Array(AppItem)),
  create: appEndpoint('POST', '/v1/apps', 'Create a blank app; the creator owns it', AppItem, { body: CreateAppBody }),
  get: appEndpoint('GET', '/v1/apps/:appCode', 'One app', AppItem, { params: AppCodeParams }),
  update: appEndpoint('PUT', '/v1/apps/:appCode', 'Name, colour, icon, display mode (edit permission)', AppItem, {
    params: AppCodeParams,
    body: UpdateAppBody,
  }),
  description: appEndpoint(
    'PUT',
    '/v1/apps/:appCode/description',
    'The rich-text introduction (edit permission)',
    AppItem,
    {
      params: AppCodeParams,
      body: AppDescriptionBody,
    },
  ),
  remove: appEndpoint('DELETE', '/v1/apps/:appCode', 'Move the app to the recycle bin (owner)', Type.Boolean(), {
    params: AppCodeParams,
  }),
  recycleBin: appEndpoint('GET', '/v1/apps/recycle/list', 'Deleted apps the member may restore', Type.Array(AppItem)),
  restore: appEndpoint('POST', '/v1/apps/:appCode/restore', 'Restore an app from the recycle bin', AppItem, {
    params: AppCodeParams,
  }),
  purge: appEndpoint(
    'DELETE',
    '/v1/apps/:appCode/purge',
    'Delete an app for good (from the recycle bin)',
    Type.Boolean(),
    {
      params: AppCodeParams,
    },
  ),
  permission: appEndpoint('GET', '/v1/apps/:appCode/permission', "The member's permission on the app", AppPermission, {
    params: AppCodeParams,
  }),
  accessCheck: appEndpoint(
    'GET',
    '/v1/apps/:appCode/access-check',
    'Whether the member may open the app',
    AccessCheck,
    {
      params: AppCodeParams,
    },
  ),
  exit: appEndpoint('POST', '/v1/apps/:appCode/exit', 'Leave an app (the owner must transfer first)', Type.Boolean(), {
    params: AppCodeParams,
  }),
  roles: appEndpoint(
    'GET',
    '/v1/apps/:appCode/roles',
    'Owner, managers and members of the app',
    Type.Array(AppRoleMember),
    {
      params: AppCodeParams,
    },
  ),
  addRole: appEndpoint('POST', '/v1/apps/role/add', 'Give team members a role in the app', Type.Boolean(), {
    body: AppRoleBody,
  }),
  removeRole: appEndpoint('POST', '/v1/apps/role/remove', 'Remove users from the app', Type.Boolean(), {
    body: RemoveAppRoleBody,
  }),
  updateOwner: appEndpoint(
    'PUT',
    '/v1/apps/owner',
    'Transfer the app; the former owner becomes manager',
    Type.Boolean(),
    {
      body: UpdateAppOwnerBody,
    },
  ),
  preference: appEndpoint('GET', '/v1/apps/preference/mine', 'Saved app order and starred apps', AppPreference),
  savePreference: appEndpoint(
    'PUT',
    '/v1/apps/preference/mine',
    'Save app order (starred first) and starred apps',
    Type.Boolean(),
    {
      body: AppPreferenceBody,
    },
  ),
  nodes: appEndpoint(
    'GET',
    '/v1/apps/:appCode/nodes',
    "The app's menu: function nodes as a tree (groups hold their items)",
    Type.Array(FunctionNode),
    {
      params: AppCodeParams,
    },
  ),
  saveMenu: appEndpoint(
    'PUT',
    '/v1/apps/:appCode/menu',
    'Custom menu: rename, hide and reorder every item and add or remove links (edit permission); answers the tree',
    Type.Array(FunctionNode),
    {
      params: AppCodeParams,
      body: SaveMenuBody,
    },
  ),
  createNode: appEndpoint(
    'POST',
    '/v1/apps/:appCode/nodes',
    'Add a menu item or group (edit permission)',
    FunctionNode,
    {
      params: AppCodeParams,
      body: CreateNodeBody,
    },
  ),
  updateNode: appEndpoint(
    'PUT',
    '/v1/apps/:appCode/nodes/:code',
    'Rename or move a menu item (edit permission); answers the whole menu tree',
    Type.Array(FunctionNode),
    {
      params: NodeParams,
      body: UpdateNodeBody,
    },
  ),
  deletedTables: appEndpoint(
    'GET',
    '/v1/apps/:appCode/nodes/trash',
    'Deleted data tables, restorable with their data',
    Type.Array(FunctionNode),
    {
      params: AppCodeParams,
    },
  ),
  restoreTable: appEndpoint(
    'POST',
    '/v1/apps/:appCode/nodes/:code/restore',
    'Restore a deleted data table with its records',
    FunctionNode,
    {
      params: NodeParams,
    },
  ),
  purgeTable: appEndpoint(
    'DELETE',
    '/v1/apps/:appCode/nodes/trash/:code',
    'Delete a deleted data table for good: its records, fields, views and history (edit permission)',
    Type.Boolean(),
    {
      params: NodeParams,
    },
  ),
  removeNode: appEndpoint(
    'DELETE',
    '/v1/apps/:appCode/nodes/:code',
    'Delete a menu item or an empty group',
    Type.Boolean(),
    {
      params: NodeParams,
    },
  ),
} as const;

/** A data table's design (fields, permissions) and its records. */
