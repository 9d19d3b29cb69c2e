import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * App roles (issue 27): any number per app (`app_roles`), granted to members, departments, team
 * roles and everyone (`app_role_grants`); each table's permissions become per role
 * (`schemas.permissions` `{ v: 2, roles }`). Existing apps keep exactly what everyone may see and
 * do: roles `manager` (管理员, the app's managers as before) and `member` (成员, granted to each former
 * app member), each with the old rules of its role; printing goes with viewing as it did.
 *
 * The role and grant tables, departments, department memberships and team members bump the team's
 * metadata version like apps and tables (20261127T0300): a member's roles are kept per version, and
 * the very next request of any process sees a change.
 */
const VERSIONED = ['app_roles', 'app_role_grants', 'departments', 'member_departments', 'members'] as const;
const OPS = ['insert', 'update', 'delete'] as const;

const ACTIONS = ['add', 'view', 'edit', 'delete', 'import', 'export'] as const;
const ROLES = ['manager', 'member'] as const;
type Rule = { scope: string; filter?: unknown };
interface OldPermissions {
  add?: string[];
  view?: string[];
  edit?: string[];
  delete?: string[];
  import?: string[];
  export?: string[];
  fields?: Record<string, { manager?: string; member?: string }>;
  rows?: { manager?: Rule; member?: Rule };
}
interface RoleRights {
  actions: string[];
  fields: Record<string, string>;
  newFields: string;
  rows: Rule;
}
/** The defaults of tables saved before import/export and field/row rules existed (as completePermissions had them). */
const OLD_DEFAULTS: Record<(typeof ACTIONS)[number], string[]> = {
  add: ['manager', 'member'],
  view: ['manager', 'member'],
  edit: ['manager'],
  delete: ['manager'],
  import: ['manager'],
  export: ['manager', 'member'],
};

/** Frozen here: the conversion of this migration, whatever the contract's helpers become. */
function toRoles(json: string): string {
  let p: OldPermissions & { v?: number };
  try {
    p = JSON.parse(json) as typeof p;
  } catch {
    p = {};
  }
  if (p && p.v === 2) return json;
  const roles: Record<string, RoleRights> = {};
  for (const role of ROLES) {
    const actions: string[] = ACTIONS.filter((a) => (p?.[a] ?? OLD_DEFAULTS[a]).includes(role));
    if (actions.includes('view')) actions.push('print');
    const fields: Record<string, string> = {};
    for (const [code, rule] of Object.entries(p?.fields ?? {})) {
      const level = rule?.[role];
      if (level) fields[code] = level;
    }
    roles[role] = { actions, fields, newFields: 'editable', rows: p?.rows?.[role] ?? { scope: 'all' } };
  }
  return JSON.stringify({ v: 2, roles });
}

function toTwoRoles(json: string): string {
  const p = JSON.parse(json) as { v?: number; roles?: Record<string, RoleRights> };
  if (p.v !== 2 || !p.roles) return json;
  const out: OldPermissions = { fields: {}, rows: {} };
  for (const a of ACTIONS) out[a] = ROLES.filter((r) => (p.roles?.[r]?.actions ?? []).includes(a));
  for (const role of ROLES) {
    const rights = p.roles[role];
    if (!rights) continue;
    for (const [code, level] of Object.entries(rights.fields)) {
      if (level === 'editable') continue;
      (out.fields as Record<string, Record<string, string>>)[code] = { ...out.fields?.[code], [role]: level };
    }
    (out.rows as Record<string, Rule>)[role] = rights.rows;
  }
  return JSON.stringify(out);
}

async function versionTriggers(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const table of tables) {
      await sql`create function ${sql.raw(`meta_version_${table}`)}() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then
            update engines set meta_version = meta_version + 1 where engine_code = old.engine_code;
          end if;
          if tg_op <> 'DELETE' then
            update engines set meta_version = meta_version + 1 where engine_code = new.engine_code;
          end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger ${sql.raw(`${table}_meta_version`)} after insert or update or delete on ${sql.raw(table)}
        for each row execute function ${sql.raw(`meta_version_${table}`)}()`.execute(db);
    }
    return;
  }
  for (const table of tables) {
    for (const op of OPS) {
      const rows =
        op === 'insert' ? (['new'] as const) : op === 'delete' ? (['old'] as const) : (['old', 'new'] as const);
      const body = rows
        .map((row) => `update engines set meta_version = meta_version + 1 where engine_code = ${row}.engine_code;`)
        .join(' ');
      await sql`create trigger ${sql.raw(`${table}_meta_version_${op}`)} after ${sql.raw(op)} on ${sql.raw(table)}
        begin ${sql.raw(body)} end`.execute(db);
    }
  }
}

async function dropVersionTriggers(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    if (dialectOf(db) === 'postgres') {
      await sql`drop trigger if exists ${sql.raw(`${table}_meta_version`)} on ${sql.raw(table)}`.execute(db);
      await sql`drop function if exists ${sql.raw(`meta_version_${table}`)}()`.execute(db);
    } else {
      for (const op of OPS) await sql`drop trigger if exists ${sql.raw(`${table}_meta_version_${op}`)}`.execute(db);
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_roles')
    .addColumn('app_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('role_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_key', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON arrays of menu node codes shown / table codes whose flow may be started; null: all.
    .addColumn('nodes', 'text')
    .addColumn('flows', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_roles_pk', ['app_code', 'role_key'])
    .execute();
  await db.schema.createIndex('app_roles_engine_idx').on('app_roles').column('engine_code').execute();
  await db.schema
    .createTable('app_role_grants')
    .addColumn('app_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('role_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    // member | department | departmentTree | teamRole | everyone
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    // member id, department id, 'admin', or '' (everyone)
    .addColumn('target', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_role_grants_pk', ['app_code', 'role_key', 'kind', 'target'])
    .execute();
  // "Which apps reach this member": by team, grantee kind and target.
  await db.schema
    .createIndex('app_role_grants_target_idx')
    .on('app_role_grants')
    .columns(['engine_code', 'kind', 'target'])
    .execute();

  const now = Date.now();
  const apps = (await sql<{ code: string; engine_code: string }>`select code, engine_code from apps`.execute(db)).rows;
  for (const app of apps) {
    await sql`insert into app_roles (app_code, role_key, engine_code, name, description, sort_key, created_at)
      values (${app.code}, 'manager', ${app.engine_code}, '管理员', '', 0, ${now}),
             (${app.code}, 'member', ${app.engine_code}, '成员', '', 1, ${now})`.execute(db);
  }
  await sql`insert into app_role_grants (app_code, role_key, engine_code, kind, target, created_at)
    select m.app_code, 'member', a.engine_code, 'member', m.member_id, m.created_at
    from app_members m join apps a on a.code = m.app_code where m.role = 'member'`.execute(db);
  await sql`delete from app_members where role = 'member'`.execute(db);
  const tables = (await sql<{ code: string; permissions: string }>`select code, permissions from schemas`.execute(db))
    .rows;
  for (const t of tables) {
    const next = toRoles(t.permissions);
    if (next !== t.permissions) await sql`update schemas set permissions = ${next} where code = ${t.code}`.execute(db);
  }
  await versionTriggers(db, VERSIONED);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropVersionTriggers(db, VERSIONED);
  const tables = (await sql<{ code: string; permissions: string }>`select code, permissions from schemas`.execute(db))
    .rows;
  for (const t of tables) {
    const next = toTwoRoles(t.permissions);
    if (next !== t.permissions) await sql`update schemas set permissions = ${next} where code = ${t.code}`.execute(db);
  }
  // Only direct grants of 成员 have an old form; other grants and roles are lost.
  await sql`insert into app_members (app_code, member_id, role, created_at)
    select g.app_code, g.target, 'member', g.created_at from app_role_grants g
    where g.role_key = 'member' and g.kind = 'member'
      and not exists (select 1 from app_members m where m.app_code = g.app_code and m.member_id = g.target)`.execute(
    db,
  );
  await db.schema.dropTable('app_role_grants').execute();
  await db.schema.dropTable('app_roles').execute();
}
