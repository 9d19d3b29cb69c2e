import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes `apps/web/bundle-report.json` (beside dist/, so the server never serves it): for each JS chunk its modules (source path and rendered bytes),
 * static imports and dynamic imports. `bench/src/web/chunks.ts` joins it with what /home loaded to
 * tell which packages and files a route pays for (no visualizer dependency needed).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function bundleReportPlugin(): Plugin {
  return {
    name: 'canopy-bundle-report',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const chunks: Record<string, unknown> = {};
      for (const [file, out] of Object.entries(bundle)) {
        if (out.type !== 'chunk') continue;
        chunks[file] = {
          name: out.name,
          imports: out.imports,
          dynamicImports: out.dynamicImports,
          modules: Object.fromEntries(
            Object.entries(out.modules).map(([id, m]) => [path.relative(repoRoot, id), m.renderedLength]),
          ),
        };
      }
      // Who imports whom (statically or not), for `chunks.ts --why`: the chain from an entry to a module.
      const importers: Record<string, string[]> = {};
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info) continue;
        importers[path.relative(repoRoot, id)] = [...info.importers, ...info.dynamicImporters].map((i) =>
          path.relative(repoRoot, i),
        );
      }
      await fs.writeFile(path.join(dir, '..', 'bundle-report.json'), `${JSON.stringify({ chunks, importers })}\n`);
    },
  };
}
