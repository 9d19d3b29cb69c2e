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
  /** The official-account user (openid) this account is bound to, and the name shown for it. */
  wechat_open_id?: string | null;
  wechat_open_name?: string | null;
  /** 1: mail me when a new to-do arrives (account settings). */
  todo_mail?: number;
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

/** A started sign-up's account look-ups (issue 30; account/service.ts `startAccountCheck`). */
export interface AccountChecksTable {
  /** sha256 (hex) of the cookie's token. */
  id: string;
  ip: string;
  lookups: number;
  expires_at: number;
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
  /** When the owner deleted (closed) the team, and when its data is purged unless restored. */
  closed_at?: number | null;
  purge_at?: number | null;
  /** IANA time zone of the team's local days (date buckets, date filters); default Asia/Shanghai. */
  time_zone: Generated<string>;
  /** Days the application log keeps entries (contract AppLogLimits.retentionDays). */
  applog_retention_days: Generated<number>;
  /**
   * The team's metadata version: triggers bump it with every write to apps, app members, menu
   * nodes, tables and fields (migration 20261127T0300), so cached metadata is checked per request.
   */
  meta_version: Generated<number>;
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
  /** JSON { kind, params, link? }: what the letter is rendered from in the reader's language. */
  extra_info: string;
  event_id: string | null;
  create_time: number;
  /** notices/letter-kinds.ts; '' for letters written before kinds existed. */
  kind: Generated<string>;
}

/** One member's letter counts, kept with every write and mark (notices/counts.ts). */
export interface LetterCountsTable {
  engine_code: string;
  member_id: string;
  unread: number;
  total: number;
}

/** One member's open to-dos (not copies), kept by triggers on work_items (20261124T0000_todo_counts). */
export interface TodoCountsTable {
  engine_code: string;
  member_id: string;
  open_items: number;
}

/** An account's identity at the company's OpenID Connect provider (modules/sso). */
export interface UserIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  created_at: number;
  last_login_at: number;
}

/** A started company sign-in, spent once by its callback (modules/sso). */
export interface SsoLoginsTable {
  state: string;
  code_verifier: string;
  nonce: string;
  redirect_to: string;
  created_at: number;
}

/** A started WeCom OAuth round (sign-in or binding), spent once by the callback. */
export interface WecomLoginsTable {
  state: string;
  purpose: string;
  user_id: string | null;
  redirect_to: string;
  created_at: number;
}

/** Mail written in a transaction, waiting to be sent (delivery/mail-queue.ts); deleted once sent. */
export interface MailQueueTable {
  id: string;
  target: string;
  subject: string;
  body: string;
  attempts: number;
  created_at: number;
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
  channel: 'email' | 'sms' | 'wechat';
  target: string;
  subject: string;
  body: string;
  created_at: number;
}

/** A WeChat binding QR code's one-time scene, until it is scanned or expires. */
export interface WechatBindScenesTable {
  scene: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** The new-user guide per user: what they did with it and the steps found done. */
export interface UserOnboardingTable {
  user_id: string;
  /** null while the guide is due; 'skipped' | 'finished'. */
  action: string | null;
  /** Comma-separated steps done, in guide order. */
  steps: string;
  /** When the guide was (re)started from the help menu; 0 for the first run. Only later work counts. */
  started_at: number;
  updated_at: number;
}

/** "Open in browser" codes: stored as their SHA-256, spent once, within a minute. */
export interface AuthorizationCodesTable {
  code_hash: string;
  user_id: string;
  redirect: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
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

/** An app's roles (issue 27); `manager` is the fixed 管理员. */
export interface AppRolesTable {
  app_code: string;
  role_key: string;
  engine_code: string;
  name: string;
  description: Generated<string>;
  sort_key: Generated<number>;
  /** JSON array of the menu node codes the role shows; null: all. */
  nodes: string | null;
  /** JSON array of the table codes whose flow the role may start; null: all. */
  flows: string | null;
  created_at: number;
}

/** Who holds an app role: kind member | department | departmentTree | teamRole | everyone. */
export interface AppRoleGrantsTable {
  app_code: string;
  role_key: string;
  engine_code: string;
  kind: string;
  target: string;
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
  /** 1: hidden from members without edit rights (custom menu). */
  hidden: number;
  /** The address a Link node opens; '' for every other type. */
  url: string;
}

export interface DashboardsTable {
  node_code: string;
  engine_code: string;
  /** JSON array of widgets (contract Widget). */
  widgets: string;
  /** JSON array of the designer's dashboard filters (contract DashboardFilter); null: none. */
  filters: string | null;
  updated_by: string;
  updated_at: number;
  /** JSON array of the roll-up names its widgets read (its index job writes it); null: none yet. */
  rollups: string | null;
}

/** A dashboards' kept roll-up that is ready to read (modules/dashboards/rollup.ts). */
export interface DashboardRollupsTable {
  name: string;
  engine_code: string;
  table_name: string;
  /** JSON RollupSpec. */
  spec: string;
  built_at: number;
  /** Its rows when built or last compacted. */
  kept_rows: Generated<number>;
}

export interface PrintTemplatesTable {
  id: string;
  engine_code: string;
  schema_code: string;
  name: string;
  /** JSON: page, header, footer, blocks (contract SavePrintTemplateBody without the name). */
  layout: string;
  created_by: string;
  updated_by: string;
  created_at: number;
  updated_at: number;
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
  /** Application log (20261126T0100): what the entry is about; '' when not about an app/table/record. */
  app_code: Generated<string>;
  schema_code: Generated<string>;
  record_id: Generated<string>;
  record_title: Generated<string>;
  /** contract AppLogKind, from the action's prefix. */
  kind: Generated<string>;
  /** JSON array of contract AppLogChange (old → new per changed field). */
  changes: Generated<string>;
}

/** A batch's log entries staged in its transaction, moved into audit_log by `applog.expand` (20261127T0000). */
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
  /** JSON `{ v: 2, roles: { <roleKey>: TableRoleRights } }` (contract app-roles.ts; older: the two-role shape). */
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
  /** The write's application-log entry riding on this row (title, app, detail) until a job moves it. */
  log: string | null;
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
  /** JSON MoveMarker while an SQLite "all or nothing" import moves its rows in chunks (transfer/staged-move.ts). */
  moving: string | null;
}

/** A view's sheet or a team's zip written by a queued job; downloaded by its user with `token` until `expires_at`. */
export interface ExportJobsTable {
  id: string;
  /** table | team */
  kind: string;
  engine_code: string;
  user_id: string;
  member_id: string;
  /** The table's app and code ('' for a team export). */
  app_code: string;
  schema_code: string;
  /** xlsx | csv | zip */
  format: string;
  file_name: string;
  /** Where the finished file is in the file store ('' until it is there). */
  file_key: string;
  /** running | done | failed */
  state: string;
  processed: number;
  total: number;
  token: string;
  expires_at: number;
  /** JSON StoredMessage of a failed job, else ''. */
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

export interface WorkflowsTable {
  code: string;
  engine_code: string;
  app_code: string;
  schema_code: string;
  name: string;
  /** JSON WorkflowDefinition being designed. */
  draft: string;
  draft_updated_by: string;
  draft_updated_at: number;
  /** 0 until the first publish. */
  published_version: number;
  created_at: number;
}

export interface WorkflowVersionsTable {
  workflow_code: string;
  version: number;
  engine_code: string;
  name: string;
  /** JSON WorkflowDefinition, immutable. */
  definition: string;
  published_by: string;
  published_at: number;
}

export interface WorkflowInstancesTable {
  id: string;
  engine_code: string;
  app_code: string;
  schema_code: string;
  workflow_code: string;
  workflow_version: number;
  record_id: string;
  originator_member_id: string;
  /** Spec §3 instance state. */
  state: number;
  /** '' | approved | rejected */
  result: string;
  /** JSON Runtime (interpreter state). */
  runtime: string;
  /** JSON [{id, name}]. */
  current_nodes: string;
  version: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  updated_at: number;
}

export interface WorkItemsTable {
  id: string;
  engine_code: string;
  instance_id: string;
  app_code: string;
  schema_code: string;
  node_id: string;
  node_name: string;
  item_type: number;
  /** Todo 0, Done 1, Canceled 2. */
  state: number;
  participant_member_id: string;
  acting_for_member_id: string | null;
  run_id: string;
  seat: string;
  created_at: number;
  finished_at: number | null;
  action: string;
  comment: string;
  version: number;
}

export interface WorkflowLogsTable {
  id: Generated<number>;
  engine_code: string;
  instance_id: string;
  work_item_id: string;
  node_id: string;
  node_name: string;
  action: string;
  member_id: string;
  acting_for_member_id: string | null;
  comment: string;
  /** JSON [{field, from, to}]. */
  changes: string;
  /** JSON object. */
  detail: string;
  created_at: number;
}

export interface FormulaJobsTable {
  id: string;
  engine_code: string;
  schema_code: string;
  field_code: string;
  /** running | done | failed | replaced */
  state: string;
  total: number;
  processed: number;
  after_id: string;
  lease_until: number;
  created_at: number;
  updated_at: number;
}

export interface WorkflowTimersTable {
  id: string;
  engine_code: string;
  instance_id: string;
  work_item_id: string;
  /** remind | act */
  kind: string;
  due_at: number;
  /** Pending 0, Done 1, Canceled 2, Failed 3. */
  state: number;
  outcome: string;
  created_at: number;
  finished_at: number | null;
  /** Rounds whose work broke (not a refusal): retried later until the limit, then failed. */
  attempts: number;
}

export interface WorkflowDelegationsTable {
  engine_code: string;
  member_id: string;
  delegate_member_id: string;
  starts_at: number;
  ends_at: number;
  updated_at: number;
  /** For the delegate to read ('' when none). */
  note: string;
  /** JSON arrays of codes: the apps and flows delegated; both empty, every flow. */
  app_codes: string;
  workflow_codes: string;
}

/** 产品动态: the instance administrator's announcements for every workbench (modules/system). */
export interface AnnouncementsTable {
  id: string;
  title: string;
  /** Rich text, sanitized when saved. */
  body: string;
  /** '' for none. */
  link: string;
  starts_at: number;
  /** null: shown until deleted. */
  ends_at: number | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** A member's feedback and the instance administrator's answer (modules/feedback). */
export interface FeedbackTable {
  id: string;
  engine_code: string;
  member_id: string;
  user_id: string;
  category: string;
  detail: string;
  /** JSON array of file ids. */
  screenshots: string;
  page_url: string;
  app_code: string | null;
  app_name: string | null;
  status: string;
  answer: string | null;
  answered_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A workbench shortcut or a team's root of them (spec §3 dashboard node; modules/shortcuts). */
export interface ShortcutsTable {
  code: string;
  engine_code: string;
  parent_code: string;
  app_code: string;
  schema_code: string;
  display_name: string;
  type: number;
  mode: number;
  /** The member a private shortcut (mode 2) belongs to; '' for the team's (public, locked, the root). */
  owner_member_id: string;
  /** JSON. */
  properties: string;
  /** JSON. */
  front_extra_data: string;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** A personal API token (issue 17); only its sha256 is stored. */
export interface CustomPagesTable {
  node_code: string;
  engine_code: string;
  /** JSON array of app roles; '[]' for everyone in the app. */
  roles: string;
  /** JSON array of blocks (contract PageBlock). */
  blocks: string;
  updated_by: string;
  updated_at: number;
}

export interface ApiTokensTable {
  id: string;
  token_hash: string;
  user_id: string;
  engine_code: string;
  name: string;
  /** The first characters of the token, shown in the list to tell tokens apart. */
  prefix: string;
  /** JSON list of app codes the token reaches. */
  app_codes: string;
  read_only: number;
  created_at: number;
  expires_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** An app's automation (issue 28): its draft, and the published version runs use. */
/** One record's planned time of a date-relative automation, carried by one queued job. */
export interface AutomationDatePlansTable {
  automation_id: string;
  engine_code: string;
  schema_code: string;
  record_id: string;
  fire_at: number;
  job_id: string;
}

export interface AutomationsTable {
  id: string;
  engine_code: string;
  app_code: string;
  name: string;
  /** JSON AutomationDefinition being designed. */
  draft: string;
  enabled: number;
  /** Published version (0: none). */
  version: number;
  /** The published trigger's kind and table (what writes look automations up by). */
  trigger_kind: string | null;
  schema_code: string | null;
  /** A schedule's next time (epoch ms). */
  next_fire_at: number | null;
  webhook_secret: string;
  /** Runs act in this member's name (an app designer when they published). */
  published_by: string | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface AutomationVersionsTable {
  automation_id: string;
  version: number;
  definition: string;
  published_by: string;
  published_at: number;
}

/** One run of an automation: one per trigger event (unique event_key per automation). */
export interface AutomationRunsTable {
  id: string;
  engine_code: string;
  automation_id: string;
  version: number;
  event_key: string;
  status: string;
  /** JSON: the trigger's data. */
  trigger: string;
  depth: number;
  actor_member_id: string | null;
  error: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** One step of one run; a done step is never executed again (its output is replayed). */
export interface AutomationStepsTable {
  run_id: string;
  /** `s1`, or `loop.2.s3` inside a loop's third round. */
  path: string;
  seq: number;
  step_id: string;
  kind: string;
  status: string;
  input: string | null;
  output: string | null;
  error: string | null;
  duration_ms: number;
  started_at: number;
}

export interface WebhooksTable {
  id: string;
  engine_code: string;
  app_code: string;
  schema_code: string;
  url: string;
  secret: string;
  /** JSON list of WebhookEvent. */
  events: string;
  /** JSON FilterGroup: only matching records are delivered (null: all). */
  filter: string | null;
  active: number;
  created_by: string;
  created_at: number;
  failing_since: number | null;
  paused_at: number | null;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event: string;
  payload: string;
  /** pending, delivered or failed (out of attempts). */
  state: string;
  attempts: number;
  next_attempt_at: number;
  lease_until: number | null;
  last_status: number | null;
  last_error: string | null;
  duration_ms: number | null;
  response_excerpt: string | null;
  created_at: number;
  finished_at: number | null;
}

/** An app a team published as its own template (issue 12). */
export interface TeamTemplatesTable {
  id: string;
  engine_code: string;
  app_code: string;
  name: string;
  description: string;
  icon: string;
  color: number;
  /** JSON TemplateContents. */
  contents: string;
  storage_key: string;
  published_by: string;
  created_at: number;
}

/** A share link of an app (issue 12): only the token's sha256 is kept. */
export interface AppSharesTable {
  id: string;
  engine_code: string;
  app_code: string;
  token_hash: string;
  name: string;
  description: string;
  icon: string;
  color: number;
  contents: string;
  storage_key: string;
  created_by: string;
  created_at: number;
  /** 0: never. */
  expires_at: number;
  /** 0: not revoked. */
  revoked_at: number;
}

/** What package an app came from (upgrades match a package's origin to it). */
export interface AppOriginsTable {
  app_code: string;
  engine_code: string;
  origin_id: string;
  /** The exportedAt of the package installed or upgraded from last. */
  version: number;
  /** JSON { packageCode: codeHere }. */
  code_map: string;
  updated_at: number;
}

/** An app package install (issue 12; modules/packages); the job queue's `packages.install` runs it. */
export interface InstallTasksTable {
  id: string;
  engine_code: string;
  member_id: string;
  app_code: string;
  source: number;
  package_ref: string;
  with_biz_data: number;
  state: 'running' | 'done' | 'failed';
  progress: number;
  /** JSON { key, params } of a failure; '' otherwise. */
  message: string;
  /** JSON { packageCode: installedCode } once done; '' before. */
  code_map: string;
  created_at: number;
  updated_at: number;
}

/** An index the records' lists asked for, built by the job `records.indexes` (modules/records/indexes.ts). */
export interface RecordIndexesTable {
  name: string;
  engine_code: string;
  schema_code: string;
  table_name: string;
  /** column | view | text */
  kind: string;
  /** JSON: { column } or { equal, sorts }. */
  definition: string;
  /** requested | building | ready | failed */
  state: string;
  progress: number;
  error: string | null;
  job_id: string | null;
  requested_at: number;
  built_at: number | null;
  /** view: a saved view asked for it; list: a list request did (capped a table, records/indexes.ts). */
  origin: 'view' | 'list';
}

/** An import's one history entry: its records are the ids first_id … last_id of its table (records/import-ids.ts). */
export interface RecordImportsTable {
  import_id: string;
  engine_code: string;
  schema_code: string;
  member_id: string;
  file_name: string;
  first_id: string;
  last_id: string;
  count: number;
  created_at: number;
}

/** A unit of work of the job queue (jobs/queue.ts), taken by one process with a lease. */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON, the handler's own shape. */
  payload: string;
  /** pending | running | done | failed */
  state: string;
  attempts: number;
  max_attempts: number;
  run_at: number;
  lease_until: number | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** A periodic task, run once per cluster per period by whichever process claims it first. */
export interface JobSchedulesTable {
  name: string;
  every_ms: number;
  next_run_at: number;
  last_run_at: number | null;
  last_runner: string | null;
}

/** A comment on a record (issue 31): plain text, soft-deleted. */
export interface RecordCommentsTable {
  id: string;
  engine_code: string;
  app_code: string;
  schema_code: string;
  record_id: string;
  author_member_id: string;
  body: string;
  /** JSON array of member ids. */
  mentions: string;
  created_at: number;
  edited_at: number | null;
  deleted_at: number | null;
}

/** Who follows a record's comments; following = 0 is an explicit unfollow. */
export interface RecordFollowersTable {
  engine_code: string;
  schema_code: string;
  record_id: string;
  member_id: string;
  following: number;
  updated_at: number;
}

export interface Database {
  record_comments: RecordCommentsTable;
  record_followers: RecordFollowersTable;
  install_tasks: InstallTasksTable;
  team_templates: TeamTemplatesTable;
  app_shares: AppSharesTable;
  app_origins: AppOriginsTable;
  api_tokens: ApiTokensTable;
  webhooks: WebhooksTable;
  automations: AutomationsTable;
  automation_versions: AutomationVersionsTable;
  automation_runs: AutomationRunsTable;
  automation_steps: AutomationStepsTable;
  automation_date_plans: AutomationDatePlansTable;
  webhook_deliveries: WebhookDeliveriesTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  account_checks: AccountChecksTable;
  engines: EnginesTable;
  members: MembersTable;
  engine_features: EngineFeaturesTable;
  notices: NoticesTable;
  mail_queue: MailQueueTable;
  letter_counts: LetterCountsTable;
  todo_counts: TodoCountsTable;
  user_identities: UserIdentitiesTable;
  sso_logins: SsoLoginsTable;
  wecom_logins: WecomLoginsTable;
  invitations: InvitationsTable;
  dev_outbox: DevOutboxTable;
  wechat_bind_scenes: WechatBindScenesTable;
  user_onboarding: UserOnboardingTable;
  authorization_codes: AuthorizationCodesTable;
  verification_codes: VerificationCodesTable;
  departments: DepartmentsTable;
  member_departments: MemberDepartmentsTable;
  apps: AppsTable;
  app_members: AppMembersTable;
  app_roles: AppRolesTable;
  app_role_grants: AppRoleGrantsTable;
  app_preferences: AppPreferencesTable;
  function_nodes: FunctionNodesTable;
  dashboards: DashboardsTable;
  dashboard_rollups: DashboardRollupsTable;
  print_templates: PrintTemplatesTable;
  audit_log: AuditLogTable;
  outbox_events: OutboxEventsTable;
  schemas: SchemasTable;
  fields: FieldsTable;
  schema_counters: SchemaCountersTable;
  record_history: RecordHistoryTable;
  files: FilesTable;
  views: ViewsTable;
  import_jobs: ImportJobsTable;
  export_jobs: ExportJobsTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  import_errors: ImportErrorsTable;
  workflows: WorkflowsTable;
  workflow_versions: WorkflowVersionsTable;
  workflow_instances: WorkflowInstancesTable;
  work_items: WorkItemsTable;
  workflow_logs: WorkflowLogsTable;
  formula_jobs: FormulaJobsTable;
  workflow_timers: WorkflowTimersTable;
  workflow_delegations: WorkflowDelegationsTable;
  feedback: FeedbackTable;
  announcements: AnnouncementsTable;
  shortcuts: ShortcutsTable;
  custom_pages: CustomPagesTable;
  data_sources: DataSourcesTable;
  sync_tables: SyncTablesTable;
  sync_logs: SyncLogsTable;
  record_indexes: RecordIndexesTable;
  record_imports: RecordImportsTable;
}

export interface DataSourcesTable {
  id: string;
  engine_code: string;
  app_code: string;
  name: string;
  kind: string;
  host: string;
  port: number;
  database_name: string;
  user_name: string;
  url: string;
  /** Encrypted password/token (datasources/secrets.ts); '' for none. Never answered. */
  secret: string;
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface SyncTablesTable {
  schema_code: string;
  engine_code: string;
  app_code: string;
  source_id: string;
  source: string;
  key_column: string;
  columns: string;
  schedule: string;
  next_run_at: number | null;
  created_by: string;
  created_at: number;
}

export interface SyncLogsTable {
  id: string;
  schema_code: string;
  engine_code: string;
  state: string;
  trigger: string;
  started_at: number;
  ended_at: number | null;
  rows: number;
  inserted: number;
  updated: number;
  removed: number;
  error_code: string;
  error_detail: string;
}
