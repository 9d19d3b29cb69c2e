import { AppEndpoints, type BodyOf, type MenuEntry } from '@canopy/contract';
import { call } from '../../../shell/api/client';

/**
 * Query keys of apps. Everything of one team sits under `all(engineCode)`; everything of one app
 * (detail, permission, menu, roles) under `app(engineCode, appCode)`, so switching admin mode or
 * leaving an app can refresh exactly that app.
 */
export const appKeys = {
  all: (engineCode: string) => ['apps', engineCode] as const,
  list: (engineCode: string) => ['apps', engineCode, 'list'] as const,
  recycleBin: (engineCode: string) => ['apps', engineCode, 'recycle-bin'] as const,
  app: (engineCode: string, appCode: string) => ['apps', engineCode, 'app', appCode] as const,
  access: (engineCode: string, appCode: string) => ['apps', engineCode, 'app', appCode, 'access'] as const,
  detail: (engineCode: string, appCode: string) => ['apps', engineCode, 'app', appCode, 'detail'] as const,
  permission: (engineCode: string, appCode: string) => ['apps', engineCode, 'app', appCode, 'permission'] as const,
  nodes: (engineCode: string, appCode: string) => ['apps', engineCode, 'app', appCode, 'nodes'] as const,
  tableTrash: (engineCode: string, appCode: string) => ['apps', engineCode, 'app', appCode, 'table-trash'] as const,
  roles: (engineCode: string, appCode: string) => ['apps', engineCode, 'app', appCode, 'roles'] as const,
};

/** Writes show their own errors (toast, form or the spec's fixed texts), so the catalogue runs only for session rules. */
const inline = { errors: 'inline' } as const;

export const appsApi = {
  list: () => call(AppEndpoints.list),
  recycleBin: () => call(AppEndpoints.recycleBin),
  get: (appCode: string) => call(AppEndpoints.get, { params: { appCode } }),
  permission: (appCode: string) => call(AppEndpoints.permission, { params: { appCode } }),
  /** The caller decides what a failure means (the access-check-failed page), so no popup. */
  accessCheck: (appCode: string) => call(AppEndpoints.accessCheck, { params: { appCode }, errors: 'inline' }),
  nodes: (appCode: string) => call(AppEndpoints.nodes, { params: { appCode } }),
  roles: (appCode: string) => call(AppEndpoints.roles, { params: { appCode } }),
  create: (body: BodyOf<typeof AppEndpoints.create>) => call(AppEndpoints.create, { body, ...inline }),
  update: (appCode: string, body: BodyOf<typeof AppEndpoints.update>) =>
    call(AppEndpoints.update, { params: { appCode }, body, ...inline }),
  setDescription: (appCode: string, description: string) =>
    call(AppEndpoints.description, { params: { appCode }, body: { description }, ...inline }),
  remove: (appCode: string) => call(AppEndpoints.remove, { params: { appCode }, ...inline }),
  restore: (appCode: string) => call(AppEndpoints.restore, { params: { appCode }, ...inline }),
  purge: (appCode: string) => call(AppEndpoints.purge, { params: { appCode }, ...inline }),
  exit: (appCode: string) => call(AppEndpoints.exit, { params: { appCode }, ...inline }),
  addRole: (body: BodyOf<typeof AppEndpoints.addRole>) => call(AppEndpoints.addRole, { body, ...inline }),
  removeRole: (appCode: string, userIds: string[]) =>
    call(AppEndpoints.removeRole, { body: { appCode, userIds }, ...inline }),
  transfer: (body: BodyOf<typeof AppEndpoints.updateOwner>) => call(AppEndpoints.updateOwner, { body, ...inline }),
  savePreference: (appSorts: string[], collectedApps: string[]) =>
    call(AppEndpoints.savePreference, { body: { appSorts, collectedApps }, ...inline }),
  saveMenu: (appCode: string, items: MenuEntry[]) =>
    call(AppEndpoints.saveMenu, { params: { appCode }, body: { items }, ...inline }),
  createNode: (appCode: string, body: BodyOf<typeof AppEndpoints.createNode>) =>
    call(AppEndpoints.createNode, { params: { appCode }, body, ...inline }),
  updateNode: (appCode: string, code: string, body: BodyOf<typeof AppEndpoints.updateNode>) =>
    call(AppEndpoints.updateNode, { params: { appCode, code }, body, ...inline }),
  removeNode: (appCode: string, code: string) =>
    call(AppEndpoints.removeNode, { params: { appCode, code }, ...inline }),
  deletedTables: (appCode: string) => call(AppEndpoints.deletedTables, { params: { appCode }, ...inline }),
  restoreTable: (appCode: string, code: string) =>
    call(AppEndpoints.restoreTable, { params: { appCode, code }, ...inline }),
  purgeTable: (appCode: string, code: string) =>
    call(AppEndpoints.purgeTable, { params: { appCode, code }, ...inline }),
};
