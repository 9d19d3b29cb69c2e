/**
 * Which packages and source folders /home pays for: joins the files the last `home.ts` run saw loaded
 * (bench/results/web-home.json) with the build's module list (apps/web/bundle-report.json, written by
 * `apps/web/build/bundle-report.ts`) and the brotli copies the build wrote. A chunk's brotli bytes are
 * shared among its modules by rendered size (an estimate: brotli does not compress every module alike).
 *
 *   npm run build && npx tsx bench/src/web/home.ts --loads 3 && npx tsx bench/src/web/chunks.ts [--top 40]
 *   npx tsx bench/src/web/chunks.ts --why antd/es/select   (the import chains that bring a module in)
 */
import fs from 'node:fs';
import path from 'node:path';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const top = Number(arg('top', '40'));
const dist = 'apps/web/dist';

interface ChunkReport {
  name: string;
  imports: string[];
  dynamicImports: string[];
  modules: Record<string, number>;
}
const { chunks: report, importers } = JSON.parse(fs.readFileSync('apps/web/bundle-report.json', 'utf8')) as {
  chunks: Record<string, ChunkReport>;
  importers: Record<string, string[]>;
};
const home = JSON.parse(fs.readFileSync('bench/results/web-home.json', 'utf8')) as { files: string[] };

/** A module's group: the npm package (scope kept), or the app's source folder two levels deep. */
function group(id: string): string {
  const nm = id.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = id.slice(nm + 'node_modules/'.length).split('/');
    const pkg = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? id);
    // antd and its rc-/@rc-component parts are the biggest: show antd by component folder.
    if (pkg === 'antd') return `antd/${parts[2] ?? ''}`;
    return pkg;
  }
  // apps/web/src/<area>/<folder>, packages/<name>/src/<file>
  return id
    .split('/')
    .slice(0, id.startsWith('apps/') ? 5 : 4)
    .join('/');
}

const brSize = (file: string) => {
  const full = path.join(dist, file);
  if (fs.existsSync(`${full}.br`)) return fs.statSync(`${full}.br`).size;
  return fs.existsSync(full) ? fs.statSync(full).size : 0;
};

const byGroup = new Map<string, number>();
const rows: { file: string; br: number; top: string }[] = [];
let total = 0;
for (const url of home.files) {
  const file = url.replace(/^\//, '');
  if (!file.endsWith('.js')) continue;
  const chunk = report[file];
  const br = brSize(file);
  total += br;
  if (!chunk) {
    rows.push({ file, br, top: '(not in report: rebuild?)' });
    continue;
  }
  const rendered = Object.values(chunk.modules).reduce((a, b) => a + b, 0) || 1;
  const local = new Map<string, number>();
  for (const [id, len] of Object.entries(chunk.modules)) {
    const g = group(id);
    const share = (br * len) / rendered;
    byGroup.set(g, (byGroup.get(g) ?? 0) + share);
    local.set(g, (local.get(g) ?? 0) + share);
  }
  const main = [...local.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
  rows.push({ file, br, top: main.map(([g, n]) => `${g} ${(n / 1024).toFixed(1)}`).join(', ') });
}
const kb = (n: number) => (n / 1024).toFixed(1);
console.log(`/home JS, brotli as built: ${kb(total)} KB in ${rows.length} files\n`);
console.log('| chunk | br KB | largest parts (KB) |\n| --- | --- | --- |');
for (const r of rows.sort((a, b) => b.br - a.br)) console.log(`| ${r.file} | ${kb(r.br)} | ${r.top} |`);
console.log('\n| package or folder | br KB (est.) |\n| --- | --- |');
for (const [g, n] of [...byGroup.entries()].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`| ${g} | ${kb(n)} |`);

/** `--why <part of a module path>`: up to 12 chains from the module up to the app's own files importing it. */
const why = arg('why', '');
if (why) {
  const target = Object.keys(importers).find((id) => id.includes(why));
  if (!target) console.log(`\nno module matches ${why}`);
  else {
    console.log(`\nwhy ${target}:`);
    const seen = new Set<string>();
    let printed = 0;
    const walk = (id: string, chain: string[]) => {
      if (printed >= 12 || seen.has(id)) return;
      seen.add(id);
      if (chain.length > 0 && !id.includes('node_modules')) {
        console.log(`  ${[...chain, id].join(' ← ')}`);
        printed += 1;
        return;
      }
      for (const i of importers[id] ?? []) walk(i, [...chain, id]);
    };
    walk(target, []);
  }
}
