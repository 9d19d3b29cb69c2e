import Type, { type Static, type TSchema } from 'typebox';
import { BasicUser, CheckAccountQuery, CheckAccountResult, LoginBody, RegisterBody } from './account.js';
import {
  AvatarResult,
  ChangeEmailBody,
  ChangeMobileBody,
  ChangePasswordBody,
  CheckCodeBody,
  CodeSent,
  SendEmailCodeBody,
  SendSmsCodeBody,
  UpdateProfileBody,
  UploadAvatarBody,
} from './account-settings.js';
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
  FunctionNodeRow,
  NodeParams,
  RemoveAppRoleBody,
  UpdateAppBody,
  UpdateAppOwnerBody,
  UpdateNodeBody,
} from './apps.js';
import { CorpFeatures, EngineItem, MemberInfo } from './engine.js';
import { FileIdParams, UploadedFile, UploadQuery } from './files.js';
import {
  CreateInvitationBody,
  InvitationCreated,
  InvitationIdParams,
  InvitationIdQuery,
  InvitationSummary,
  OutboxMessage,
  SentInvitation,
} from './invitation.js';
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
} from './org.js';
import {
  BatchRecordsBody,
  BatchResult,
  ChangeFieldTypeBody,
  CreateFieldBody,
  CreateRecordBody,
  DeleteRecordQuery,
  FieldInfo,
  FieldOrderBody,
  FieldParams,
  FieldTypeChange,
  FormLayout,
  HistoryEntry,
  RecordItem,
  RecordListQuery,
  RecordPage,
  RecordParams,
  SchemaAccess,
  SchemaInfo,
  SchemaParams,
  UpdateFieldBody,
  UpdateRecordBody,
  UpdateSchemaBody,
} from './schemas.js';
import { AnnouncementItem, SystemInfo, VersionQuery } from './system.js';
import {
  ActivateEngineBody,
  CorpIdParams,
  CorpInfo,
  CreatedTeam,
  CreateTeamBody,
  EngineCodeParams,
  RenameTeamBody,
} from './team.js';
import {
  ExportQuery,
  ImportError,
  ImportJob,
  ImportJobParams,
  RecordCount,
  RecordCountBody,
  StartImportBody,
} from './transfer.js';
import { RecordQueryBody, SaveViewBody, ViewInfo, ViewParams } from './views.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** One endpoint: its path, schemas and whether it needs a session. Server and web share these. */
export type EndpointAuth = 'none' | 'session' | 'optional';

export interface Endpoint<
  P extends TSchema | undefined = TSchema | undefined,
  Q extends TSchema | undefined = TSchema | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  R extends TSchema = TSchema,
  A extends EndpointAuth = EndpointAuth,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

function endpoint<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema = TSchema,
  A extends EndpointAuth = EndpointAuth,
>(e: Endpoint<P, Q, B, R, A>): Endpoint<P, Q, B, R, A> {
  return e;
}

export type ResponseOf<E> = E extends Endpoint<infer _P, infer _Q, infer _B, infer R, infer _A> ? Static<R> : never;
export type BodyOf<E> =
  E extends Endpoint<infer _P, infer _Q, infer B, infer _R, infer _A>
    ? B extends TSchema
      ? Static<B>
      : undefined
    : never;
export type QueryOf<E> =
  E extends Endpoint<infer _P, infer Q, infer _B, infer _R, infer _A>
    ? Q extends TSchema
      ? Static<Q>
      : undefined
    : never;
export type ParamsOf<E> =
  E extends Endpoint<infer P, infer _Q, infer _B, infer _R, infer _A>
    ? P extends TSchema
      ? Static<P>
      : undefined
    : never;

export const AccountEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/v1/user/register',
    summary: 'Register with mobile or email, name and a transport-hashed password; starts a session',
    tags: ['account'],
    auth: 'none',
    body: RegisterBody,
    response: BasicUser,
  }),
  login: endpoint({
    method: 'POST',
    path: '/v1/user/login',
    summary: 'Log in; starts a new session (new id) in an httpOnly cookie',
    tags: ['account'],
    auth: 'none',
    body: LoginBody,
    response: BasicUser,
  }),
  logout: endpoint({
    method: 'GET',
    path: '/v1/logout',
    summary: 'Revoke the current session',
    tags: ['account'],
    auth: 'optional',
    response: Type.Boolean(),
  }),
  basic: endpoint({
    method: 'GET',
    path: '/v1/user/information/basic',
    summary: 'The signed-in basic user',
    tags: ['account'],
    auth: 'session',
    response: BasicUser,
  }),
  checkAccount: endpoint({
    method: 'GET',
    path: '/v1/user/check/account',
    summary: 'Whether a mobile or email is already registered',
    tags: ['account'],
    auth: 'none',
    query: CheckAccountQuery,
    response: CheckAccountResult,
  }),
  terminalCheck: endpoint({
    method: 'GET',
    path: '/v1/token/terminal/check',
    summary: 'Whether this terminal is still logged in',
    tags: ['account'],
    auth: 'optional',
    response: Type.Boolean(),
  }),
} as const;

export const AccountSettingsEndpoints = {
  sendSmsCode: endpoint({
    method: 'POST',
    path: '/v1/user/captcha/smscode/send',
    summary: 'Send a 6-digit code by SMS (once a minute per target, daily caps)',
    tags: ['account'],
    auth: 'optional',
    body: SendSmsCodeBody,
    response: CodeSent,
  }),
  sendEmailCode: endpoint({
    method: 'POST',
    path: '/v1/user/captcha/emailcode/send',
    summary: 'Send a 6-digit code by email (once a minute per target, daily caps)',
    tags: ['account'],
    auth: 'optional',
    body: SendEmailCodeBody,
    response: CodeSent,
  }),
  checkCode: endpoint({
    method: 'POST',
    path: '/v1/user/captcha/code/check',
    summary: 'Check a code without using it up (wrong tries count)',
    tags: ['account'],
    auth: 'optional',
    body: CheckCodeBody,
    response: Type.Boolean(),
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/v1/user/information/password',
    summary: "Change the password with the current one or a code; ends the user's other sessions",
    tags: ['account'],
    auth: 'session',
    body: ChangePasswordBody,
    response: Type.Boolean(),
  }),
  changeMobile: endpoint({
    method: 'POST',
    path: '/v1/user/information/mobile',
    summary: 'Change the mobile with codes for the old and new numbers',
    tags: ['account'],
    auth: 'session',
    body: ChangeMobileBody,
    response: BasicUser,
  }),
  changeEmail: endpoint({
    method: 'POST',
    path: '/v1/user/information/email',
    summary: 'Change the email with codes for the old and new addresses',
    tags: ['account'],
    auth: 'session',
    body: ChangeEmailBody,
    response: BasicUser,
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/v1/user/information/profile',
    summary: 'Change name and personal signature',
    tags: ['account'],
    auth: 'session',
    body: UpdateProfileBody,
    response: BasicUser,
  }),
  uploadAvatar: endpoint({
    method: 'POST',
    path: '/v1/user/information/avatarurl',
    summary: 'Upload an avatar image (data URL; PNG, JPEG, WebP or GIF, at most 512 KB)',
    tags: ['account'],
    auth: 'session',
    body: UploadAvatarBody,
    response: AvatarResult,
  }),
  resetAvatar: endpoint({
    method: 'POST',
    path: '/v1/user/information/avatarurl/reset',
    summary: 'Back to the default avatar',
    tags: ['account'],
    auth: 'session',
    response: AvatarResult,
  }),
  wechatQrCode: endpoint({
    method: 'GET',
    path: '/v1/user/wechat/getQrCode',
    summary: 'WeChat binding QR code (answers a clear error until WeChat is configured)',
    tags: ['account'],
    auth: 'session',
    response: Type.Object({ url: Type.String() }),
  }),
  wechatBindCheck: endpoint({
    method: 'GET',
    path: '/v1/user/wechat/bind/check',
    summary: 'Whether the WeChat binding finished',
    tags: ['account'],
    auth: 'session',
    response: Type.Boolean(),
  }),
  wechatUnbind: endpoint({
    method: 'DELETE',
    path: '/v1/user/wechat/officialAccount/unbind',
    summary: 'Remove the WeChat binding',
    tags: ['account'],
    auth: 'session',
    response: Type.Boolean(),
  }),
} as const;

export const EngineEndpoints = {
  latest: endpoint({
    method: 'GET',
    path: '/v1/engine/list',
    summary: "The latest list of the user's teams",
    tags: ['engines'],
    auth: 'session',
    response: Type.Array(EngineItem),
  }),
  createTeam: endpoint({
    method: 'POST',
    path: '/v1/corp/own/register',
    summary: 'Create a team; the creator becomes its owner and it becomes the active team',
    tags: ['engines'],
    auth: 'session',
    body: CreateTeamBody,
    response: CreatedTeam,
  }),
  activate: endpoint({
    method: 'PUT',
    path: '/v1/engine/active',
    summary: "Make one of the user's teams the active team",
    tags: ['engines'],
    auth: 'session',
    body: ActivateEngineBody,
    response: Type.Boolean(),
  }),
  corpInfo: endpoint({
    method: 'GET',
    path: '/v1/corpintegrate/corpinfo/:corpId',
    summary: "A team's organisation record (members of that team only)",
    tags: ['engines'],
    auth: 'session',
    params: CorpIdParams,
    response: CorpInfo,
  }),
  rename: endpoint({
    method: 'PUT',
    path: '/v1/corpintegrate/corpinfo/:corpId',
    summary: 'Rename a team (owner or admin; spec §5 rules); true when saved',
    tags: ['engines'],
    auth: 'session',
    params: CorpIdParams,
    body: RenameTeamBody,
    response: Type.Boolean(),
  }),
  leave: endpoint({
    method: 'DELETE',
    path: '/v1/engine/:engineCode/membership',
    summary: 'Leave a team (an owner must transfer ownership first)',
    tags: ['engines'],
    auth: 'session',
    params: EngineCodeParams,
    response: Type.Boolean(),
  }),
  memberInfo: endpoint({
    method: 'GET',
    path: '/v1/org/member/info',
    summary: 'The current member in the selected team',
    tags: ['engines'],
    auth: 'session',
    response: MemberInfo,
  }),
  features: endpoint({
    method: 'GET',
    path: '/v1/corp/features',
    summary: 'Feature codes switched on for the selected team',
    tags: ['engines'],
    auth: 'session',
    response: CorpFeatures,
  }),
} as const;

export const InvitationEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v1/corpintegrate/invitation',
    summary: 'Invite by mobile or email (sent as SMS or mail), or create a shareable link (owner or admin)',
    tags: ['invitations'],
    auth: 'session',
    body: CreateInvitationBody,
    response: InvitationCreated,
  }),
  sent: endpoint({
    method: 'GET',
    path: '/v1/corpintegrate/invitation/sent',
    summary: 'Invitations of the current team (owner or admin)',
    tags: ['invitations'],
    auth: 'session',
    response: Type.Array(SentInvitation),
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/v1/corpintegrate/invitation/:id',
    summary: 'Revoke a pending invitation (owner or admin)',
    tags: ['invitations'],
    auth: 'session',
    params: InvitationIdParams,
    response: Type.Boolean(),
  }),
  mine: endpoint({
    method: 'GET',
    path: '/v1/corpintegrate/invitation/mine',
    summary: "Pending invitations addressed to the signed-in user's mobile or email",
    tags: ['invitations'],
    auth: 'session',
    response: Type.Array(InvitationSummary),
  }),
  last: endpoint({
    method: 'GET',
    path: '/v1/corpintegrate/invitation/last',
    summary: 'One pending invitation by id (from a link or the list above)',
    tags: ['invitations'],
    auth: 'session',
    query: InvitationIdQuery,
    response: InvitationSummary,
  }),
  join: endpoint({
    method: 'PUT',
    path: '/v1/corpintegrate/invitation/join/:id',
    summary: 'Accept an invitation: join the team as a member',
    tags: ['invitations'],
    auth: 'session',
    params: InvitationIdParams,
    response: Type.Boolean(),
  }),
  refuse: endpoint({
    method: 'PUT',
    path: '/v1/corpintegrate/invitation/refuse/:id',
    summary: 'Refuse an invitation',
    tags: ['invitations'],
    auth: 'session',
    params: InvitationIdParams,
    response: Type.Boolean(),
  }),
} as const;

export const AdminEndpoints = {
  outbox: endpoint({
    method: 'GET',
    path: '/v1/admin/outbox',
    summary: 'Developer outbox: mail and SMS written instead of sent (instance administrator only)',
    tags: ['admin'],
    auth: 'session',
    response: Type.Array(OutboxMessage),
  }),
} as const;

/** Endpoints of one tag that need a session: method, path, summary, response and optional params/body. */
function sessionEndpoints(tag: string) {
  return <
    P extends TSchema | undefined = undefined,
    B extends TSchema | undefined = undefined,
    R extends TSchema = TSchema,
  >(
    method: HttpMethod,
    path: string,
    summary: string,
    response: R,
    extra: { params?: P; body?: B } = {},
  ) =>
    endpoint({ method, path, summary, tags: [tag], auth: 'session', response, ...extra } as Endpoint<
      P,
      undefined,
      B,
      R,
      'session'
    >);
}

const orgEndpoint = sessionEndpoints('org');
const appEndpoint = sessionEndpoints('apps');
const schemaEndpoint = sessionEndpoints('schemas');
const recordEndpoint = sessionEndpoints('records');

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
    "The app's menu (function nodes), flat",
    Type.Array(FunctionNodeRow),
    {
      params: AppCodeParams,
    },
  ),
  createNode: appEndpoint(
    'POST',
    '/v1/apps/:appCode/nodes',
    'Add a menu item or group (edit permission)',
    FunctionNodeRow,
    {
      params: AppCodeParams,
      body: CreateNodeBody,
    },
  ),
  updateNode: appEndpoint(
    'PUT',
    '/v1/apps/:appCode/nodes/:code',
    'Rename or move a menu item (edit permission)',
    Type.Array(FunctionNodeRow),
    {
      params: NodeParams,
      body: UpdateNodeBody,
    },
  ),
  deletedTables: appEndpoint(
    'GET',
    '/v1/apps/:appCode/nodes/trash',
    'Deleted data tables, restorable with their data',
    Type.Array(FunctionNodeRow),
    {
      params: AppCodeParams,
    },
  ),
  restoreTable: appEndpoint(
    'POST',
    '/v1/apps/:appCode/nodes/:code/restore',
    'Restore a deleted data table with its records',
    FunctionNodeRow,
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

const base = '/v1/apps/:appCode/schemas/:schemaCode';

/** A data table's design (fields, permissions) and its records. */
export const SchemaEndpoints = {
  get: schemaEndpoint('GET', base, 'A data table with its fields', SchemaInfo, { params: SchemaParams }),
  update: schemaEndpoint('PUT', base, 'Title field and record permissions (edit permission on the app)', SchemaInfo, {
    params: SchemaParams,
    body: UpdateSchemaBody,
  }),
  access: schemaEndpoint('GET', `${base}/permission`, "The member's record permissions on the table", SchemaAccess, {
    params: SchemaParams,
  }),
  addField: schemaEndpoint('POST', `${base}/fields`, 'Add a field (a new column)', FieldInfo, {
    params: SchemaParams,
    body: CreateFieldBody,
  }),
  orderFields: schemaEndpoint('PUT', `${base}/fields/order`, 'Put the fields in this order', SchemaInfo, {
    params: SchemaParams,
    body: FieldOrderBody,
  }),
  updateField: schemaEndpoint('PUT', `${base}/fields/:fieldCode`, 'Rename a field or change its settings', FieldInfo, {
    params: FieldParams,
    body: UpdateFieldBody,
  }),
  changeFieldType: schemaEndpoint(
    'POST',
    `${base}/fields/:fieldCode/type`,
    'Change a field type, converting what converts; lists the rows that would lose data unless forced',
    FieldTypeChange,
    { params: FieldParams, body: ChangeFieldTypeBody },
  ),
  removeField: schemaEndpoint(
    'DELETE',
    `${base}/fields/:fieldCode`,
    'Delete a field (restorable; its data is kept)',
    Type.Boolean(),
    {
      params: FieldParams,
    },
  ),
  form: schemaEndpoint(
    'GET',
    `${base}/form`,
    "The table's form design (every field in order until arranged)",
    FormLayout,
    {
      params: SchemaParams,
    },
  ),
  saveForm: schemaEndpoint('PUT', `${base}/form`, 'Save the form design (edit permission on the app)', FormLayout, {
    params: SchemaParams,
    body: FormLayout,
  }),
  restoreField: schemaEndpoint(
    'POST',
    `${base}/fields/:fieldCode/restore`,
    'Restore a deleted field with its data',
    FieldInfo,
    {
      params: FieldParams,
    },
  ),
} as const;

/** Saved views of a data table (the route /app/:appCode/:schemaCode/:viewCode lands on one). */
export const ViewEndpoints = {
  list: schemaEndpoint(
    'GET',
    `${base}/views`,
    "The table's public views and the member's personal ones",
    Type.Array(ViewInfo),
    {
      params: SchemaParams,
    },
  ),
  create: schemaEndpoint(
    'POST',
    `${base}/views`,
    'Create a view (public views need edit permission on the app)',
    ViewInfo,
    {
      params: SchemaParams,
      body: SaveViewBody,
    },
  ),
  update: schemaEndpoint('PUT', `${base}/views/:viewCode`, 'Change a view', ViewInfo, {
    params: ViewParams,
    body: SaveViewBody,
  }),
  remove: schemaEndpoint(
    'DELETE',
    `${base}/views/:viewCode`,
    'Delete a view (a table keeps at least one)',
    Type.Boolean(),
    {
      params: ViewParams,
    },
  ),
} as const;

export const RecordEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${base}/records`,
    summary: 'Records, newest first, by keyset paging',
    tags: ['records'],
    auth: 'session',
    params: SchemaParams,
    query: RecordListQuery,
    response: RecordPage,
  }),
  query: recordEndpoint(
    'POST',
    `${base}/records/query`,
    'Records matching filters, in the given order, a page at a time',
    RecordPage,
    {
      params: SchemaParams,
      body: RecordQueryBody,
    },
  ),
  create: recordEndpoint('POST', `${base}/records`, 'Create a record', RecordItem, {
    params: SchemaParams,
    body: CreateRecordBody,
  }),
  get: recordEndpoint('GET', `${base}/records/:id`, 'A record by id', RecordItem, { params: RecordParams }),
  update: recordEndpoint(
    'PATCH',
    `${base}/records/:id`,
    'Change some fields; a stale version answers 409',
    RecordItem,
    {
      params: RecordParams,
      body: UpdateRecordBody,
    },
  ),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/records/:id`,
    summary: 'Delete a record (with its version: a stale one answers 409)',
    tags: ['records'],
    auth: 'session',
    params: RecordParams,
    query: DeleteRecordQuery,
    response: Type.Boolean(),
  }),
  batch: recordEndpoint(
    'POST',
    `${base}/records/batch`,
    'Create, update and delete records in one transaction',
    BatchResult,
    {
      params: SchemaParams,
      body: BatchRecordsBody,
    },
  ),
  history: recordEndpoint('GET', `${base}/records/:id/history`, "A record's change history", Type.Array(HistoryEntry), {
    params: RecordParams,
  }),
  count: recordEndpoint(
    'POST',
    `${base}/records/count`,
    'How many records match (counted apart from the page, cached briefly, capped)',
    RecordCount,
    { params: SchemaParams, body: RecordCountBody },
  ),
} as const;

/**
 * Export streams a file (not the JSON envelope); it is a GET so a plain link downloads it with the
 * session cookie. Documented here for its parameters.
 */
export const ExportEndpoints = {
  records: endpoint({
    method: 'GET',
    path: `${base}/export`,
    summary: "Download a view as xlsx or CSV (its filter, sorts and columns; the member's permissions)",
    tags: ['records'],
    auth: 'session',
    params: SchemaParams,
    query: ExportQuery,
    response: Type.String({ description: 'the file' }),
  }),
} as const;

/** Import: upload a sheet (multipart field "file"), map its columns, start, follow the job. */
export const ImportEndpoints = {
  upload: recordEndpoint('POST', `${base}/imports`, 'Upload an xlsx or CSV sheet to import', ImportJob, {
    params: SchemaParams,
  }),
  get: recordEndpoint('GET', `${base}/imports/:jobId`, "An import job's state and progress", ImportJob, {
    params: ImportJobParams,
  }),
  start: recordEndpoint('POST', `${base}/imports/:jobId/start`, 'Start an uploaded import', ImportJob, {
    params: ImportJobParams,
    body: StartImportBody,
  }),
  errors: recordEndpoint(
    'GET',
    `${base}/imports/:jobId/errors`,
    'The rows an import refused',
    Type.Array(ImportError),
    {
      params: ImportJobParams,
    },
  ),
} as const;

/** Uploads are multipart (field `file`); the schema here documents the query and the answer. */
export const FileEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/v1/files',
    summary: 'Upload one file (multipart field "file") into the current team',
    tags: ['files'],
    auth: 'session',
    query: UploadQuery,
    response: UploadedFile,
  }),
  info: endpoint({
    method: 'GET',
    path: '/v1/files/:id/info',
    summary: "An uploaded file's facts",
    tags: ['files'],
    auth: 'session',
    params: FileIdParams,
    response: UploadedFile,
  }),
} as const;

export const NoticeEndpoints = {
  countUnread: endpoint({
    method: 'GET',
    path: '/v1/appletter/countUnread',
    summary: 'Unread notification count of the current member',
    tags: ['notices'],
    auth: 'session',
    response: Type.Integer(),
  }),
} as const;

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
    summary: "What's new, for the workbench's operation area",
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
} as const;
