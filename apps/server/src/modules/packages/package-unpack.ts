import fs from 'node:fs';
import path from 'node:path';
import { PackageLimits } from '@canopy/contract';
import { extractPackage, PackageRefused } from './zip-read.js';

/** Unpacks a package into a fresh staging directory (zip-read.ts refuses what is unsafe). */
export async function unpackPackage(zipPath: string, staging: string): Promise<void> {
  await fs.promises.rm(staging, { recursive: true, force: true });
  await fs.promises.mkdir(staging, { recursive: true });
  await extractPackage(zipPath, staging);
}

/** The unpacked package's manifest text; a package without one, or with one too big to parse, is refused. */
export async function readManifestText(staging: string): Promise<string> {
  const manifestPath = path.join(staging, 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new PackageRefused('package.invalid', { reason: 'manifest.json' });
  if ((await fs.promises.stat(manifestPath)).size > PackageLimits.maxManifestBytes)
    throw new PackageRefused('package.tooBig');
  return fs.promises.readFile(manifestPath, 'utf8');
}
