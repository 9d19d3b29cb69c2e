import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The product version (root package.json). */
export const PRODUCT_VERSION = String(readJson(path.join(root, 'package.json'))?.version ?? '0.0.0');

/**
 * The version of the web build being served: written by the web build into dist/version.json.
 * Read on each check (cheap, and a redeploy of the web files is seen without a restart).
 */
export function webBuildVersion(webDist: string | undefined): string {
  if (!webDist) return PRODUCT_VERSION;
  const v = readJson(path.join(webDist, 'version.json'))?.version;
  return typeof v === 'string' ? v : PRODUCT_VERSION;
}
