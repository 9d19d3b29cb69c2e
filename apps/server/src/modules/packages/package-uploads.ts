import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PackageLimits, type UploadedPackage } from '@canopy/contract';
import { saveUpload } from '../../http/upload.js';
import { cleanFileName } from '../files/service.js';
import { refuse } from './refuse.js';

const ID = /^[0-9a-f-]{36}$/;
/** An uploaded package nobody installed is removed after a day. */
const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Uploaded packages on disk (`<root>/uploads/<team>/<id>.zip`), kept for the install or upgrade that
 * follows; the install removes its zip, start-up removes those nobody installed.
 */
export class PackageUploads {
  constructor(private readonly root: string) {}

  private path(engineCode: string, id: string): string {
    return path.join(this.root, 'uploads', engineCode, `${id}.zip`);
  }

  /** An uploaded package of the team on disk, or '' when there is none of that id. */
  find(engineCode: string, packagePath: string): string {
    const zipPath = ID.test(packagePath) ? this.path(engineCode, packagePath) : '';
    return zipPath && fs.existsSync(zipPath) ? zipPath : '';
  }

  /** Spec §5: one zip of at most 50 MB (its first bytes must say zip). */
  async save(
    engineCode: string,
    upload: { filename: string; file: NodeJS.ReadableStream & { truncated?: boolean } },
  ): Promise<Omit<UploadedPackage, 'matches' | 'filePath' | 'storageKey'>> {
    if (!/\.zip$/i.test(upload.filename)) {
      upload.file.resume();
      throw refuse(400, 'package.notZip');
    }
    const id = randomUUID();
    const target = this.path(engineCode, id);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await saveUpload(upload.file, target);
    const { size } = await fs.promises.stat(target);
    if (upload.file.truncated || size > PackageLimits.uploadMaxBytes) {
      await fs.promises.rm(target, { force: true });
      throw refuse(400, 'package.tooLarge');
    }
    const head = Buffer.alloc(4);
    const handle = await fs.promises.open(target, 'r');
    await handle.read(head, 0, 4, 0);
    await handle.close();
    if (head.toString('hex') !== '504b0304') {
      await fs.promises.rm(target, { force: true });
      throw refuse(400, 'package.notZip');
    }
    return { packagePath: id, name: cleanFileName(upload.filename), size };
  }

  /** Start-up: uploads older than a day that nobody installed. */
  async removeOld(now: number): Promise<void> {
    const uploads = path.join(this.root, 'uploads');
    for (const team of fs.existsSync(uploads) ? await fs.promises.readdir(uploads) : []) {
      for (const name of await fs.promises.readdir(path.join(uploads, team))) {
        const file = path.join(uploads, team, name);
        const { mtimeMs } = await fs.promises.stat(file);
        if (mtimeMs < now - UPLOAD_TTL_MS) await fs.promises.rm(file, { force: true });
      }
    }
  }
}
