import { AppRoleEndpoints, type BodyOf, type RoleGrant, type TableRoleRights } from '@canopy/contract';
import { call } from '../../../shell/api/client';

/** Query keys of an app's roles: under the app's key, so leaving or refreshing the app drops them. */
export const appRoleKeys = {
  matrix: (engineCode: string, appCode: string) => ['apps', engineCode, 'app', appCode, 'role-matrix'] as const,
};

/** Writes show their own errors (toast or form), so the catalogue runs only for session rules. */
const inline = { errors: 'inline' } as const;

/** The role matrix's calls (designers only): roles, their grants and their rights per table. */
export const appRolesApi = {
  matrix: (appCode: string) => call(AppRoleEndpoints.matrix, { params: { appCode } }),
  create: (appCode: string, body: BodyOf<typeof AppRoleEndpoints.create>) =>
    call(AppRoleEndpoints.create, { params: { appCode }, body, ...inline }),
  update: (appCode: string, roleKey: string, body: BodyOf<typeof AppRoleEndpoints.update>) =>
    call(AppRoleEndpoints.update, { params: { appCode, roleKey }, body, ...inline }),
  copy: (appCode: string, roleKey: string, name: string) =>
    call(AppRoleEndpoints.copy, { params: { appCode, roleKey }, body: { name }, ...inline }),
  remove: (appCode: string, roleKey: string) =>
    call(AppRoleEndpoints.remove, { params: { appCode, roleKey }, ...inline }),
  setGrants: (appCode: string, roleKey: string, grants: RoleGrant[]) =>
    call(AppRoleEndpoints.grants, { params: { appCode, roleKey }, body: { grants }, ...inline }),
  setTableRights: (appCode: string, roleKey: string, schemaCode: string, rights: TableRoleRights) =>
    call(AppRoleEndpoints.tableRights, { params: { appCode, roleKey, schemaCode }, body: { rights }, ...inline }),
};
