import Type from 'typebox';
import {
  AppRoleItem,
  AppRoleMatrix,
  AppRoleParams,
  AppRoleTableParams,
  CopyAppRoleBody,
  CreateAppRoleBody,
  RoleGrantsBody,
  RoleTableRightsBody,
  UpdateAppRoleBody,
} from './app-roles.js';
import { AppCodeParams } from './apps.js';
import { sessionEndpoints } from './endpoint.js';

const roleEndpoint = sessionEndpoints('app-roles');

/** An app's roles, their grants and their rights per table (issue 27); designers only, but `mine`. */
export const AppRoleEndpoints = {
  matrix: roleEndpoint('GET', '/v1/apps/:appCode/roles/matrix', 'Every role and its rights per table', AppRoleMatrix, {
    params: AppCodeParams,
  }),
  create: roleEndpoint('POST', '/v1/apps/:appCode/roles', 'Add a role (at most 50 per app)', AppRoleItem, {
    params: AppCodeParams,
    body: CreateAppRoleBody,
  }),
  update: roleEndpoint(
    'PUT',
    '/v1/apps/:appCode/roles/:roleKey',
    'Rename a role, describe it, choose its visible menu items and the flows it may start',
    AppRoleItem,
    { params: AppRoleParams, body: UpdateAppRoleBody },
  ),
  copy: roleEndpoint(
    'POST',
    '/v1/apps/:appCode/roles/:roleKey/copy',
    'A new role with the rights of this one (no grants)',
    AppRoleItem,
    { params: AppRoleParams, body: CopyAppRoleBody },
  ),
  remove: roleEndpoint('DELETE', '/v1/apps/:appCode/roles/:roleKey', 'Delete a role and its grants', Type.Boolean(), {
    params: AppRoleParams,
  }),
  grants: roleEndpoint(
    'PUT',
    '/v1/apps/:appCode/roles/:roleKey/grants',
    'Who holds the role: members, departments, team administrators, everyone',
    AppRoleItem,
    { params: AppRoleParams, body: RoleGrantsBody },
  ),
  tableRights: roleEndpoint(
    'PUT',
    '/v1/apps/:appCode/roles/:roleKey/tables/:schemaCode',
    "The role's actions, field levels and row rule on one table",
    Type.Boolean(),
    { params: AppRoleTableParams, body: RoleTableRightsBody },
  ),
};
