import Type from 'typebox';
import { sessionEndpoints } from './endpoint.js';
import {
  ChangeOwnerBody,
  CreateDepartmentBody,
  Department,
  FeatureListBody,
  IdParams,
  IdsBody,
  MainDepartmentBody,
  MemberDepartmentsBody,
  MemberPage,
  MemberPageBody,
  MemberPrivacy,
  MemberRoleBody,
  MemberRow,
  MemberStateBody,
  ResetSortKeyBody,
  UpdateDepartmentBody,
  UserInfo,
} from './org.js';

const orgEndpoint = sessionEndpoints('org');

/** Organisation of the current team (spec §7 Organisation). Writes need owner or admin. */
export const OrgEndpoints = {
  memberPage: orgEndpoint('POST', '/v1/org/member/page', 'Search members with paging', MemberPage, {
    body: MemberPageBody,
  }),
  root: orgEndpoint('GET', '/v1/org/department/root', 'The root department', Department),
  children: orgEndpoint('GET', '/v1/org/department/:id/departments', 'Child departments', Type.Array(Department), {
    params: IdParams,
  }),
  remove: orgEndpoint(
    'DELETE',
    '/v1/org/department/:id',
    'Delete a department; its members move to the parent',
    Type.Boolean(),
    {
      params: IdParams,
    },
  ),
  create: orgEndpoint('POST', '/v1/org/department', 'Create a department', Department, { body: CreateDepartmentBody }),
  update: orgEndpoint(
    'PUT',
    '/v1/org/department',
    'Rename, move, re-sort or set the manager of a department',
    Department,
    {
      body: UpdateDepartmentBody,
    },
  ),
  members: orgEndpoint(
    'GET',
    '/v1/org/department/:id/members',
    'Active members directly in a department',
    Type.Array(MemberRow),
    {
      params: IdParams,
    },
  ),
  resetSortKeys: orgEndpoint(
    'PUT',
    '/v1/org/department/sortKey/reset',
    'Reset the order of child departments to by name',
    Type.Boolean(),
    {
      body: ResetSortKeyBody,
    },
  ),
  userInfo: orgEndpoint(
    'GET',
    '/v1/org/user/:id',
    'User info of a member of the current team by user id (an id starting with # is an external person)',
    UserInfo,
    { params: IdParams },
  ),
  membersByIds: orgEndpoint('POST', '/v1/org/member/byIds', 'Members of the team by id', Type.Array(MemberRow), {
    body: IdsBody,
  }),
  departmentsByIds: orgEndpoint(
    'POST',
    '/v1/org/department/byIds',
    'Departments of the team by id',
    Type.Array(Department),
    {
      body: IdsBody,
    },
  ),
  inactive: orgEndpoint(
    'GET',
    '/v1/org/member/listInactiveMembers/:id',
    'Deactivated members of a department',
    Type.Array(MemberRow),
    {
      params: IdParams,
    },
  ),
  changeOwner: orgEndpoint(
    'PUT',
    '/v1/org/member/operate/changeOwner',
    'Transfer team ownership (the former owner becomes admin)',
    Type.Boolean(),
    {
      body: ChangeOwnerBody,
    },
  ),
  getPrivacy: orgEndpoint(
    'GET',
    '/v1/org/member/getMemberPrivacy',
    "The current member's privacy items",
    MemberPrivacy,
  ),
  setPrivacy: orgEndpoint(
    'POST',
    '/v1/org/member/setMemberPrivacy',
    'Hide mobile and/or email from other members',
    Type.Boolean(),
    {
      body: MemberPrivacy,
    },
  ),
  mainDepartment: orgEndpoint(
    'POST',
    '/v1/org/member/mainDepartment',
    "Set a member's main department",
    Type.Boolean(),
    {
      body: MainDepartmentBody,
    },
  ),
  setDepartments: orgEndpoint(
    'PUT',
    '/v1/org/member/departments',
    "Set a member's departments (move a member)",
    Type.Boolean(),
    {
      body: MemberDepartmentsBody,
    },
  ),
  setRole: orgEndpoint('PUT', '/v1/org/member/role', 'Grant or revoke admin (owner only)', Type.Boolean(), {
    body: MemberRoleBody,
  }),
  setState: orgEndpoint('PUT', '/v1/org/member/state', 'Deactivate or reactivate a member', Type.Boolean(), {
    body: MemberStateBody,
  }),
  setFeatures: orgEndpoint(
    'PUT',
    '/v1/corp/features',
    'Switch team features on or off (owner or admin)',
    Type.Boolean(),
    {
      body: FeatureListBody,
    },
  ),
} as const;
