import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { CommentLimits } from '@canopy/contract';
import { fieldType } from '@canopy/fields';
import { CompiledQuery, type Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database, RecordCommentsTable } from '../../db/schema.js';
import { normalizeComment } from '../comments/render.js';
import { columnNameFor, tableNameFor } from '../schemas/physical.js';
import type { InstallRun } from './install-work.js';
import type { CommentLine, Manifest, RecordLine } from './manifest.js';
import type { TableItem } from './parts.js';
import { derivedId } from './remap.js';
import { PackageRefused } from './zip-read.js';

/** A record's system columns an install writes (wf_state, wf_node and deleted_at stay empty). */
const SYSTEM_COLUMNS = ['id', 'engine_code', 'version', 'created_by', 'created_at', 'modified_by', 'modified_at'];

/**
 * One multi-row insert of a batch of records, written as SQL directly: building it through the query
 * builder cost more than the database's work for 100,000 rows. Names are generated identifiers
 * (physical.ts checks them); values are parameters.
 */
function insertRows(dialect: DialectName, table: string, columns: string[], rows: unknown[][]): CompiledQuery {
  let n = 0;
  const placeholder = dialect === 'postgres' ? () => `$${++n}` : () => '?';
  const tuples = rows.map((row) => `(${row.map(placeholder).join(', ')})`);
  const text = `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`;
  return CompiledQuery.raw(text, rows.flat());
}

/**
 * The package's records, in the install's transaction: each table's JSON lines read as a stream and
 * written in multi-row inserts into the new physical table. `original` is the manifest as packed,
 * `manifest` the same with every code remapped; `staged` the files that came along.
 */
export async function writeRecords(
  run: InstallRun,
  trx: Kysely<Database>,
  original: Manifest,
  manifest: Manifest,
  staged: Set<string>,
): Promise<void> {
  const { task, staging } = run;
  const salt = task.id;
  const members = new Set(
    (await trx.selectFrom('members').select('member_id').where('engine_code', '=', task.engine_code).execute()).map(
      (m) => m.member_id,
    ),
  );
  const departments = new Set(
    (await trx.selectFrom('departments').select('object_id').where('engine_code', '=', task.engine_code).execute()).map(
      (d) => d.object_id,
    ),
  );
  const tables = (manifest.parts.tables ?? []) as TableItem[];
  const ownTables = new Set(tables.map((t) => t.code));
  const oldTables = (original.parts.tables ?? []) as TableItem[];
  const total = original.data.reduce((n, d) => n + (Number(d.rows) || 0), 0) || 1;
  let written = 0;
  const seen = new Set<string>();
  for (const [index, entry] of original.data.entries()) {
    const schemaCode = manifest.data[index]?.schemaCode ?? '';
    const table = tables.find((t) => t.code === schemaCode);
    const oldTable = oldTables.find((t) => t.code === entry.schemaCode);
    const file = path.join(staging, entry.entry);
    if (!table || !oldTable) throw new PackageRefused('package.invalid', { reason: entry.entry });
    if (!fs.existsSync(file)) throw new PackageRefused('package.invalid', { reason: entry.entry });
    // Old field code → how its value is written.
    const plan = new Map<string, { column: string; convert: (v: unknown) => unknown }>();
    for (const [i, f] of oldTable.fields.entries()) {
      const now = table.fields[i];
      const type = fieldType(f.type);
      if (!now || !type?.storage) continue;
      plan.set(f.code, {
        column: columnNameFor(now.code),
        convert: valueConverter(type.references, now.settings, { salt, members, departments, staged, ownTables }),
      });
    }
    const columns = 10 + plan.size;
    const batchSize = Math.max(1, Math.min(1_000, Math.floor(20_000 / columns)));
    let batch: unknown[][] = [];
    let notes: RecordCommentsTable[] = [];
    const columnNames = [...SYSTEM_COLUMNS, ...[...plan.values()].map((p) => p.column)];
    const flush = async () => {
      if (!batch.length) return;
      await trx.executeQuery(insertRows(run.dialect, tableNameFor(schemaCode), columnNames, batch));
      // 11 values a comment: 1,000 a statement stays under SQLite's bound values per statement.
      for (let i = 0; i < notes.length; i += 1_000)
        await trx
          .insertInto('record_comments')
          .values(notes.slice(i, i + 1_000))
          .execute();
      notes = [];
      written += batch.length;
      run.progress(40 + Math.floor((55 * written) / total));
      batch = [];
    };
    const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const text of lines) {
      if (!text.trim()) continue;
      let line: RecordLine;
      try {
        line = JSON.parse(text) as RecordLine;
      } catch {
        throw new PackageRefused('package.invalid', { reason: entry.entry });
      }
      if (typeof line?.id !== 'string' || typeof line.values !== 'object' || line.values === null)
        throw new PackageRefused('package.invalid', { reason: entry.entry });
      // In SYSTEM_COLUMNS' order, then the fields'.
      const row: unknown[] = [
        derivedId(salt, line.id),
        task.engine_code,
        Number(line.version) || 1,
        members.has(line.createdBy) ? line.createdBy : task.member_id,
        Number(line.createdAt) || run.now(),
        members.has(line.modifiedBy) ? line.modifiedBy : task.member_id,
        Number(line.modifiedAt) || run.now(),
      ];
      for (const [fieldCode, p] of plan) row.push(p.convert(line.values[fieldCode] ?? null));
      batch.push(row);
      if (Array.isArray(line.comments))
        for (const c of line.comments) {
          const note = commentRow(c, {
            salt,
            members,
            task,
            schemaCode,
            recordId: row[0] as string,
            now: run.now(),
            seen,
          });
          if (note) notes.push(note);
        }
      if (batch.length >= batchSize) await flush();
    }
    await flush();
  }
}

/**
 * A packed comment as this install writes it: a new id derived like the records', on the record's new
 * id; its author kept if a member of this team (else the installer, like a record's creator), mentions
 * of members of other teams dropped. A malformed comment is left out.
 */
function commentRow(
  c: CommentLine,
  ctx: {
    salt: string;
    members: Set<string>;
    task: InstallRun['task'];
    schemaCode: string;
    recordId: string;
    now: number;
    /** Comment ids met so far (a crafted package's repeated id is written once). */
    seen: Set<string>;
  },
): RecordCommentsTable | null {
  if (typeof c?.id !== 'string' || typeof c.body !== 'string' || ctx.seen.has(c.id)) return null;
  const body = normalizeComment(c.body).slice(0, CommentLimits.bodyMax);
  if (!body) return null;
  ctx.seen.add(c.id);
  const mentions = Array.isArray(c.mentions)
    ? [...new Set(c.mentions.filter((m) => typeof m === 'string' && ctx.members.has(m)))].slice(
        0,
        CommentLimits.mentionsMax,
      )
    : [];
  return {
    id: derivedId(ctx.salt, c.id),
    engine_code: ctx.task.engine_code,
    app_code: ctx.task.app_code,
    schema_code: ctx.schemaCode,
    record_id: ctx.recordId,
    author_member_id: ctx.members.has(c.authorId) ? c.authorId : ctx.task.member_id,
    body,
    mentions: JSON.stringify(mentions),
    created_at: Number(c.createdAt) || ctx.now,
    edited_at: c.editedAt === null || c.editedAt === undefined ? null : Number(c.editedAt) || null,
    deleted_at: null,
  };
}

/** How one field's stored value changes on the way in: new ids, people of this team, files in the package. */
function valueConverter(
  references: string | undefined,
  settings: string,
  ctx: { salt: string; members: Set<string>; departments: Set<string>; staged: Set<string>; ownTables: Set<string> },
): (v: unknown) => unknown {
  const list = (v: unknown): unknown[] | null => {
    if (typeof v !== 'string') return null;
    try {
      const parsed = JSON.parse(v) as unknown;
      return Array.isArray(parsed) ? parsed : null;
    } catch {
      return null;
    }
  };
  const out = (items: unknown[]) => (items.length ? JSON.stringify(items) : null);
  switch (references) {
    case 'record': {
      const target = (JSON.parse(settings) as { schemaCode?: string }).schemaCode ?? '';
      // Records of a table outside the package keep their ids (it is this team's table).
      if (!ctx.ownTables.has(target)) return (v) => v;
      return (v) => {
        const ids = list(v);
        return ids
          ? out(ids.filter((id) => typeof id === 'string').map((id) => derivedId(ctx.salt, id as string)))
          : null;
      };
    }
    case 'file':
      return (v) => {
        const refs = list(v);
        if (!refs) return null;
        return out(
          refs
            .filter(
              (r): r is { id: string } =>
                typeof (r as { id?: unknown })?.id === 'string' && ctx.staged.has((r as { id: string }).id),
            )
            .map((r) => {
              const id = derivedId(ctx.salt, r.id);
              return { ...r, id, url: `/v1/files/${id}` };
            }),
        );
      };
    case 'member':
      return (v) => {
        const ids = list(v);
        return ids ? out(ids.filter((id) => ctx.members.has(id as string))) : null;
      };
    case 'department':
      return (v) => {
        const ids = list(v);
        return ids ? out(ids.filter((id) => ctx.departments.has(id as string))) : null;
      };
    default:
      // Stored values are text or numbers; anything else a crafted package holds is kept as text.
      return (v) =>
        v === undefined || v === null
          ? null
          : typeof v === 'boolean'
            ? Number(v)
            : typeof v === 'object'
              ? JSON.stringify(v)
              : v;
  }
}
