import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database, InstallTasksTable } from '../../db/schema.js';
import { cleanFileName, type FileService } from '../files/service.js';
import type { Manifest } from './manifest.js';
import { PACKAGE_PARTS } from './parts.js';
import { derivedId } from './remap.js';

/** Where a task unpacks its package; its files wait there until the install has committed. */
export function stagingPath(root: string, taskId: string): string {
  return path.join(root, 'staging', taskId);
}

/**
 * The files that come with the package: with the data all it lists, without it only those the
 * configuration needs (custom pages' images). Anything else staged is removed, so only these move
 * in after the commit.
 */
export async function stageFiles(original: Manifest, staging: string, withData: boolean): Promise<Set<string>> {
  const configFiles = new Set(PACKAGE_PARTS.flatMap((part) => part.files?.(original.parts[part.key] ?? []) ?? []));
  const staged = new Set(
    original.files
      .filter((f) => withData || configFiles.has(f.id))
      .filter((f) => fs.existsSync(path.join(staging, 'files', f.id)))
      .map((f) => f.id),
  );
  const stagedFiles = path.join(staging, 'files');
  for (const name of fs.existsSync(stagedFiles) ? await fs.promises.readdir(stagedFiles) : [])
    if (!staged.has(name)) await fs.promises.rm(path.join(stagedFiles, name), { force: true });
  return staged;
}

/** The staged files' rows, in the install's transaction (their bytes move in after the commit). */
export async function insertFiles(
  trx: Kysely<Database>,
  task: InstallTasksTable,
  original: Manifest,
  staged: Set<string>,
  now: number,
): Promise<void> {
  for (let i = 0; i < original.files.length; i += 200) {
    const batch = original.files.slice(i, i + 200).filter((f) => staged.has(f.id));
    if (!batch.length) continue;
    await trx
      .insertInto('files')
      .values(
        batch.map((f) => ({
          id: derivedId(task.id, f.id),
          engine_code: task.engine_code,
          uploader_member_id: task.member_id,
          name: cleanFileName(f.name),
          content_type: f.isImage ? String(f.contentType) : 'application/octet-stream',
          is_image: f.isImage ? 1 : 0,
          size: Number(f.size) || 0,
          created_at: now,
        })),
      )
      .execute();
  }
}

/**
 * A committed task's staged files, put into the file store (the data directory or S3) under the
 * team's files with their new ids; each staged copy goes once stored, so a restart resumes.
 */
export async function moveFiles(files: FileService, task: InstallTasksTable, staging: string): Promise<void> {
  const from = path.join(staging, 'files');
  if (!fs.existsSync(from)) return;
  for (const name of await fs.promises.readdir(from)) {
    const source = path.join(from, name);
    await files.putLocal({ engine_code: task.engine_code, id: derivedId(task.id, name) }, source);
    await fs.promises.rm(source, { force: true });
  }
}
