import { type MemberPageBody, OrgEndpoints } from '@canopy/contract';
import { call } from '../../../shell/api/client';

/** Query keys of the organisation; everything of one team sits under `org.all(engineCode)`. */
export const orgKeys = {
  all: (engineCode: string) => ['org', engineCode] as const,
  root: (engineCode: string) => ['org', engineCode, 'root'] as const,
  children: (engineCode: string, id: string) => ['org', engineCode, 'children', id] as const,
  memberPage: (engineCode: string, body: MemberPageBody) => ['org', engineCode, 'member-page', body] as const,
  inactive: (engineCode: string, id: string) => ['org', engineCode, 'inactive', id] as const,
  privacy: (engineCode: string) => ['org', engineCode, 'privacy'] as const,
  userInfo: (engineCode: string, userId: string) => ['org', engineCode, 'user-info', userId] as const,
};

/** Writes show their own errors (toast or form), so they run the catalogue only for session rules. */
const inline = { errors: 'inline' } as const;

export const orgApi = {
  root: () => call(OrgEndpoints.root),
  userInfo: (userId: string) => call(OrgEndpoints.userInfo, { params: { id: userId } }),
  children: (id: string) => call(OrgEndpoints.children, { params: { id } }),
  memberPage: (body: MemberPageBody) => call(OrgEndpoints.memberPage, { body }),
  inactive: (id: string) => call(OrgEndpoints.inactive, { params: { id } }),
  createDepartment: (parentId: string, name: string) =>
    call(OrgEndpoints.create, { body: { parentId, name }, ...inline }),
  updateDepartment: (body: { objectId: string; name?: string; parentId?: string; sortKey?: number }) =>
    call(OrgEndpoints.update, { body, ...inline }),
  removeDepartment: (id: string) => call(OrgEndpoints.remove, { params: { id }, ...inline }),
  resetSortKeys: (parentId: string) => call(OrgEndpoints.resetSortKeys, { body: { parentId }, ...inline }),
  getPrivacy: () => call(OrgEndpoints.getPrivacy),
  setPrivacy: (privacyItems: ('mobile' | 'email')[]) =>
    call(OrgEndpoints.setPrivacy, { body: { privacyItems }, ...inline }),
  setMainDepartment: (departmentId: string, memberId?: string) =>
    call(OrgEndpoints.mainDepartment, { body: { departmentId, ...(memberId ? { memberId } : {}) }, ...inline }),
  setDepartments: (memberId: string, departmentIds: string[]) =>
    call(OrgEndpoints.setDepartments, { body: { memberId, departmentIds }, ...inline }),
  setRole: (memberId: string, role: 'admin' | 'member') =>
    call(OrgEndpoints.setRole, { body: { memberId, role }, ...inline }),
  setState: (memberId: string, state: 'ACTIVE' | 'INACTIVE') =>
    call(OrgEndpoints.setState, { body: { memberId, state }, ...inline }),
  changeOwner: (memberId: string) => call(OrgEndpoints.changeOwner, { body: { memberId }, ...inline }),
  setFeatures: (featureList: string[]) => call(OrgEndpoints.setFeatures, { body: { featureList }, ...inline }),
};
