import type { Plugin } from 'vite';

/**
 * Packages a page may load only when it needs them, by `import()`: exceljs (~200 KB br) writes a
 * pivot table's xlsx on the first export (features/dashboards PivotTable.tsx); no route's first load
 * may carry it. The build fails when a chunk holding one of them is an entry or is imported
 * statically by any chunk (then it would come with the route that chunk belongs to) — a static
 * `import ExcelJS from 'exceljs'` anywhere in the app, or the bundler merging it into a shared chunk.
 */
const LAZY = [/[\\/]node_modules[\\/]exceljs[\\/]/];

export function lazyPackagesPlugin(): Plugin {
  return {
    name: 'canopy-lazy-packages',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((out) => (out.type === 'chunk' ? [out] : []));
      const holding = new Map<string, string>();
      for (const chunk of chunks) {
        const id = Object.keys(chunk.modules).find((m) => LAZY.some((re) => re.test(m)));
        if (!id) continue;
        if (chunk.isEntry) this.error(`lazy-packages: ${id} is in the entry chunk ${chunk.fileName}`);
        holding.set(chunk.fileName, id);
      }
      for (const chunk of chunks)
        for (const file of chunk.imports) {
          const id = holding.get(file);
          if (id)
            this.error(`lazy-packages: ${chunk.fileName} imports ${file} (${id}) statically; load it with import()`);
        }
    },
  };
}
