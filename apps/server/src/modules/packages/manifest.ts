import { PACKAGE_FORMAT_VERSION } from '@canopy/contract';
import { PackageRefused } from './zip-read.js';

export interface PackageApp {
  code: string;
  displayName: string;
  color: number;
  icon: string;
  displayMode: string;
  description: string;
}

export interface PackageFile {
  id: string;
  name: string;
  contentType: string;
  isImage: boolean;
  size: number;
}

/** manifest.json: what the package holds; records are in `data/t<n>.jsonl`, files in `files/<id>`. */
export interface Manifest {
  format: number;
  kind: 'canopy-app-package';
  productVersion: string;
  exportedAt: number;
  /**
   * The package's identity: the app it was first exported from (an installed copy's re-export keeps
   * its origin and is written in the origin's codes) and this export's version (its time). A package
   * without it is its own app's origin.
   */
  origin?: { id: string; version: number };
  withBizData: boolean;
  app: PackageApp;
  /** Each package part's items (parts.ts), by the part's key. */
  parts: Record<string, unknown[]>;
  data: { schemaCode: string; entry: string; rows: number }[];
  files: PackageFile[];
}

/** One record in a table's JSON lines: system values and each live field's stored value by field code. */
export interface RecordLine {
  id: string;
  version: number;
  createdBy: string;
  createdAt: number;
  modifiedBy: string;
  modifiedAt: number;
  values: Record<string, unknown>;
  /** The record's comments that are not deleted, oldest first (issue 31; absent in older packages). */
  comments?: CommentLine[];
}

/** One comment of a record in a package: its author and mentioned members as this team knew them. */
export interface CommentLine {
  id: string;
  authorId: string;
  body: string;
  mentions: string[];
  createdAt: number;
  editedAt: number | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The manifest's shape, checked before anything is written (a bad one is refused by name). */
export function parseManifest(text: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new PackageRefused('package.invalid', { reason: 'manifest.json' });
  }
  if (!isObject(raw) || raw.kind !== 'canopy-app-package')
    throw new PackageRefused('package.invalid', { reason: 'manifest.json' });
  if (typeof raw.format !== 'number') throw new PackageRefused('package.invalid', { reason: 'format' });
  if (raw.format > PACKAGE_FORMAT_VERSION) throw new PackageRefused('package.newerFormat');
  const app = raw.app;
  if (!isObject(app) || typeof app.code !== 'string' || typeof app.displayName !== 'string')
    throw new PackageRefused('package.invalid', { reason: 'app' });
  if (
    raw.origin !== undefined &&
    (!isObject(raw.origin) ||
      typeof raw.origin.id !== 'string' ||
      !/^[A-Za-z0-9-]{1,64}$/.test(raw.origin.id) ||
      typeof raw.origin.version !== 'number')
  )
    throw new PackageRefused('package.invalid', { reason: 'origin' });
  if (!isObject(raw.parts) || !Object.values(raw.parts).every(Array.isArray))
    throw new PackageRefused('package.invalid', { reason: 'parts' });
  if (!Array.isArray(raw.data) || !Array.isArray(raw.files))
    throw new PackageRefused('package.invalid', { reason: 'data' });
  for (const d of raw.data as unknown[]) {
    if (
      !isObject(d) ||
      typeof d.schemaCode !== 'string' ||
      typeof d.entry !== 'string' ||
      !/^data\/t\d+\.jsonl$/.test(d.entry)
    )
      throw new PackageRefused('package.invalid', { reason: 'data' });
  }
  for (const f of raw.files as unknown[]) {
    if (!isObject(f) || typeof f.id !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(f.id) || typeof f.name !== 'string')
      throw new PackageRefused('package.invalid', { reason: 'files' });
  }
  return raw as unknown as Manifest;
}

/** The package's origin and version (an old package without one is its own app's origin). */
export function originOf(manifest: Manifest): { id: string; version: number } {
  return manifest.origin ?? { id: manifest.app.code, version: Number(manifest.exportedAt) || 0 };
}
