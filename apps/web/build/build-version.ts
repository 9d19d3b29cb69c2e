import type { Plugin } from 'vite';

/**
 * The build version: package version plus build time, e.g. `0.1.0+20261122.105300`. The same
 * value is compiled into the bundle (`__APP_VERSION__`) and written to `dist/version.json`, which
 * the server answers the version check with; a difference means a newer deploy is being served.
 */
export function buildVersion(packageVersion: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '.')
    .replace(/\.\d+Z$/, '');
  return `${packageVersion}+${stamp}`;
}

/** Emits `version.json` next to index.html (build only; the dev server has no deploys to detect). */
export function versionFilePlugin(version: string): Plugin {
  return {
    name: 'canopy-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ version })}\n` });
    },
  };
}
