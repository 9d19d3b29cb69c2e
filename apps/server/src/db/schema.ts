import type { Generated } from 'kysely';

/** System tables. Times are epoch milliseconds (bigint on PostgreSQL, parsed to number). */
export interface UsersTable {
  id: string;
  user_name: string;
  mobile: string | null;
  email: string | null;
  password_hash: string;
  avatar_url: string;
  personal_signature: string;
  state: string;
  entry_type: string;
  active_engine_code: string | null;
  language: string | null;
  /** The first account on an instance administers it (sees the developer outbox). */
  instance_admin: number;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a leaked table does not hand out sessions. */
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  ip: string;
  user_agent: string;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  first_failure_at: number;
  locked_until: number | null;
}

export interface EnginesTable {
  engine_code: string;
  corp_id: string;
  corp_name: string;
  state: string;
  entry_type: string;
  engine_shard: string;
  owner_user_id: string;
  created_at: number;
  updated_at: number;
}

export interface MembersTable {
  member_id: string;
  engine_code: string;
  user_id: string;
  /** owner | admin | member */
  role: string;
  state: string;
  /** Comma-separated privacy items: mobile, email. */
  privacy_items: Generated<string>;
  created_at: number;
}

export interface EngineFeaturesTable {
  engine_code: string;
  feature_code: string;
}

export interface NoticesTable {
  id: Generated<number>;
  engine_code: string;
  member_id: string;
  subject: string;
  content: string;
  read_status: number;
  extra_info: string;
  event_id: string | null;
  create_time: number;
}

export interface InvitationsTable {
  id: string;
  engine_code: string;
  inviter_member_id: string;
  inviter_name: string;
  target_kind: 'mobile' | 'email' | 'link';
  target: string | null;
  /** PENDING | ACCEPTED | REFUSED | REVOKED */
  state: string;
  expires_at: number;
  created_at: number;
  used_by_user_id: string | null;
  used_at: number | null;
}

export interface DevOutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  target: string;
  subject: string;
  body: string;
  created_at: number;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  target: string;
  code_type: string;
  code_hash: string;
  salt: string;
  attempts: number;
  expires_at: number;
  consumed_at: number | null;
  ip: string;
  created_at: number;
}

export interface DepartmentsTable {
  object_id: string;
  engine_code: string;
  /** '' for the root. */
  parent_id: string;
  name: string;
  manager_member_id: string | null;
  sort_key: number;
  created_at: number;
}

export interface MemberDepartmentsTable {
  member_id: string;
  department_id: string;
  engine_code: string;
  is_main: number;
}

export interface AppsTable {
  code: string;
  engine_code: string;
  display_name: string;
  color: number;
  icon: string;
  display_mode: string;
  description: string;
  state: 'ACTIVE' | 'DELETED';
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface AppMembersTable {
  app_code: string;
  member_id: string;
  role: 'owner' | 'manager' | 'member';
  created_at: number;
}

export interface AppPreferencesTable {
  member_id: string;
  engine_code: string;
  /** JSON array of app codes, starred first. */
  app_sorts: string;
  /** JSON array of starred app codes. */
  collected_apps: string;
  updated_at: number;
}

export interface FunctionNodesTable {
  code: string;
  app_code: string;
  engine_code: string;
  /** '' at the top level. */
  parent_code: string;
  type: string;
  tag: string;
  display_name: string;
  sort_key: number;
  created_at: number;
  /** Set on deleted data tables, which stay restorable until purged. */
  deleted_at: number | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  engine_code: string;
  actor_member_id: string;
  action: string;
  target_type: string;
  target_id: string;
  detail: string;
  created_at: number;
}

export interface OutboxEventsTable {
  id: Generated<number>;
  engine_code: string;
  type: string;
  payload: string;
  created_at: number;
  processed_at: number | null;
}

export interface SchemasTable {
  code: string;
  app_code: string;
  engine_code: string;
  table_name: string;
  title_field_code: string;
  /** JSON: { add, view, edit, delete } → app roles allowed besides the owner. */
  permissions: string;
  /** JSON form design; '' until someone arranges the form (then all fields in order). */
  form_layout: Generated<string>;
  title_format: Generated<string>;
  created_at: number;
}

export interface FieldsTable {
  code: string;
  schema_code: string;
  engine_code: string;
  name: string;
  type: string;
  column_name: string;
  settings: string;
  required: number;
  unique_flag: number;
  description: string;
  sort_key: number;
  created_at: number;
  deleted_at: number | null;
  /** JSON of the default value, '' for none. */
  default_value: string;
}

export interface SchemaCountersTable {
  schema_code: string;
  field_code: string;
  value: number;
}

export interface RecordHistoryTable {
  id: Generated<number>;
  schema_code: string;
  record_id: string;
  engine_code: string;
  member_id: string;
  action: string;
  changes: string;
  created_at: number;
}

export interface FilesTable {
  id: string;
  engine_code: string;
  uploader_member_id: string;
  name: string;
  content_type: string;
  is_image: number;
  size: number;
  created_at: number;
}

export interface ImportJobsTable {
  id: string;
  engine_code: string;
  app_code: string;
  schema_code: string;
  member_id: string;
  file_name: string;
  file_path: string;
  /** xlsx | csv */
  format: string;
  /** uploaded | running | done | failed */
  state: string;
  /** atomic | skip */
  mode: string;
  /** JSON string[] (the header row). */
  columns: string;
  /** JSON Record<header, fieldCode>. */
  mapping: string;
  /** JSON string[][] (the first rows). */
  preview: string;
  total: number;
  processed: number;
  created: number;
  failed: number;
  message: string;
  created_at: number;
  updated_at: number;
}

export interface ImportErrorsTable {
  job_id: string;
  row_number: number;
  field: string;
  message: string;
}

export interface ViewsTable {
  code: string;
  schema_code: string;
  engine_code: string;
  name: string;
  kind: string;
  owner_member_id: string;
  /** JSON ViewConfig. */
  config: string;
  sort_key: number;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  engines: EnginesTable;
  members: MembersTable;
  engine_features: EngineFeaturesTable;
  notices: NoticesTable;
  invitations: InvitationsTable;
  dev_outbox: DevOutboxTable;
  verification_codes: VerificationCodesTable;
  departments: DepartmentsTable;
  member_departments: MemberDepartmentsTable;
  apps: AppsTable;
  app_members: AppMembersTable;
  app_preferences: AppPreferencesTable;
  function_nodes: FunctionNodesTable;
  audit_log: AuditLogTable;
  outbox_events: OutboxEventsTable;
  schemas: SchemasTable;
  fields: FieldsTable;
  schema_counters: SchemaCountersTable;
  record_history: RecordHistoryTable;
  files: FilesTable;
  views: ViewsTable;
  import_jobs: ImportJobsTable;
  import_errors: ImportErrorsTable;
}
