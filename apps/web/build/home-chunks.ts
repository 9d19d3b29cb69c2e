import path from 'node:path';
import { type Plugin, parseAst } from 'vite';

/**
 * /home's code in a few chunks rather than ~50 (issue 15, bench/README.md "The web app's /home").
 *
 * The entry (main.tsx) starts the app (boot.tsx) and the workbench (HomePage.tsx) by dynamic imports,
 * and every page is another dynamic import: the bundler then puts each set of modules shared by a
 * different set of those imports in a chunk of its own, so /home fetched 54 files, many under 1 KB,
 * over HTTP/1.1 six at a time. Here:
 *
 * - `early-requests`: what the entry itself imports, as before (boot and the pages import it, never
 *   the other way round, so the entry never waits for the shell).
 * - `shell`: everything else boot.tsx and HomePage.tsx import statically (React aside, which keeps its
 *   long-cached vendor chunk), in one chunk. Every page loads boot's part anyway; the workbench's
 *   components (antd's empty, card and list styles…) come along for the other pages too, a few KB,
 *   fetched once and cached.
 * - the workbench's own files (`features/home/`) stay in HomePage's chunk, and what /home loads on a
 *   click or later (dialogs, the team list, the tour) stays in chunks of its own.
 *
 * "Imports statically" follows names through index files that re-export (antd's, its icons', the
 * contract's, rc-components'): following every import of `antd/es/index.js` would put all of antd in
 * the shell. A module some of whose own code is used counts with all its imports (conservative).
 * The graph is read once every module is parsed (`buildEnd`); the groups' `test` runs after that. The
 * groups take only these modules (not the bundler's own, name-blind idea of their dependencies), and
 * the build checks that no chunk the shell imports imports the shell back (`generateBundle`).
 */
const src = path.resolve(import.meta.dirname, '../src');
const ENTRY = path.join(src, 'main.tsx');
const BOOT = path.join(src, 'boot.tsx');
const HOME_PAGE = path.join(src, 'features/home/pages/HomePage.tsx');
const HOME_OWN = `${path.join(src, 'features/home')}${path.sep}`;

/** What a module imports and exports, by specifier. */
interface Shape {
  /** Every statically imported specifier (side-effect imports included). */
  imports: string[];
  /** Local binding → the specifier and name it is imported from. */
  bindings: Map<string, { from: string; name: string }>;
  /** Exported name → where it comes from (`local` for the module's own code). */
  exports: Map<string, { from: string; name: string } | 'local'>;
  /** `export * from` specifiers. */
  stars: string[];
}

type Node = { type: string; [key: string]: unknown };
const nameOf = (n: unknown) => {
  const node = n as { name?: string; value?: string } | undefined;
  return node?.name ?? String(node?.value);
};

function shapeOf(code: string, id: string): Shape | undefined {
  let program: { body: Node[] };
  try {
    const lang = /\.tsx$/.test(id) ? 'tsx' : /\.[cm]?ts$/.test(id) ? 'ts' : /\.jsx$/.test(id) ? 'jsx' : 'js';
    program = parseAst(code, { lang }) as unknown as { body: Node[] };
  } catch {
    return undefined;
  }
  const shape: Shape = { imports: [], bindings: new Map(), exports: new Map(), stars: [] };
  const locals = new Map<string, string>();
  for (const node of program.body) {
    const source = (node.source as { value?: string } | null | undefined)?.value;
    if (node.importKind === 'type' || node.exportKind === 'type') continue;
    if (node.type === 'ImportDeclaration' && source) {
      shape.imports.push(source);
      for (const s of node.specifiers as Node[]) {
        if (s.importKind === 'type') continue;
        const name =
          s.type === 'ImportDefaultSpecifier'
            ? 'default'
            : s.type === 'ImportNamespaceSpecifier'
              ? '*'
              : nameOf(s.imported);
        shape.bindings.set(nameOf(s.local), { from: source, name });
      }
    } else if (node.type === 'ExportAllDeclaration' && source) {
      shape.imports.push(source);
      if (node.exported) shape.exports.set(nameOf(node.exported), { from: source, name: '*' });
      else shape.stars.push(source);
    } else if (node.type === 'ExportNamedDeclaration') {
      if (source) shape.imports.push(source);
      if (node.declaration) {
        const d = node.declaration as Node & { id?: unknown; declarations?: { id: unknown }[] };
        for (const target of d.declarations ? d.declarations.map((x) => x.id) : [d.id])
          shape.exports.set(nameOf(target), 'local');
      }
      for (const s of (node.specifiers as Node[]) ?? []) {
        if (s.exportKind === 'type') continue;
        const exported = nameOf(s.exported);
        const local = nameOf(s.local);
        if (source) shape.exports.set(exported, { from: source, name: local });
        else {
          shape.exports.set(exported, 'local');
          locals.set(exported, local);
        }
      }
    } else if (node.type === 'ExportDefaultDeclaration') shape.exports.set('default', 'local');
  }
  // `import { a } from './x'; export { a }` re-exports a, as `export { a } from './x'` does.
  for (const [exported, local] of locals) {
    const imported = shape.bindings.get(local);
    if (imported) shape.exports.set(exported, imported);
  }
  return shape;
}

interface Graph {
  early: Set<string>;
  shell: Set<string>;
}

let graph: Graph | undefined;

export function homeChunksPlugin(): Plugin {
  return {
    name: 'canopy-home-chunks',
    apply: 'build',
    async buildEnd() {
      const shapes = new Map<string, Shape | undefined>();
      const shape = (id: string) => {
        if (!shapes.has(id)) {
          const code = this.getModuleInfo(id)?.code;
          shapes.set(id, code ? shapeOf(code, id) : undefined);
        }
        return shapes.get(id);
      };
      const resolved = new Map<string, string | undefined>();
      const resolve = async (specifier: string, importer: string) => {
        const key = `${importer}\0${specifier}`;
        if (!resolved.has(key)) resolved.set(key, (await this.resolve(specifier, importer))?.id);
        return resolved.get(key);
      };

      /** The modules `roots` need, following names through re-exports. */
      const closure = async (roots: string[]) => {
        const full = new Set<string>();
        const own = new Set<string>();
        const named = new Map<string, Set<string>>();
        const todo: { id: string; name: string }[] = roots.map((id) => ({ id, name: '*' }));
        const push = async (specifier: string, importer: string, name: string) => {
          const id = await resolve(specifier, importer);
          if (id) todo.push({ id, name });
        };
        /** The module's own code: what it imports by name, and its bare imports (`import './x.css'`). */
        const ownCode = async (id: string, s: Shape) => {
          if (own.has(id)) return;
          own.add(id);
          for (const b of s.bindings.values()) await push(b.from, id, b.name);
          const used = new Set([...s.bindings.values()].map((b) => b.from));
          for (const e of s.exports.values()) if (e !== 'local') used.add(e.from);
          const seen = new Set<string>();
          for (const spec of s.imports) {
            const target = await resolve(spec, id);
            if (target) seen.add(target);
            if (target && !used.has(spec) && !s.stars.includes(spec)) todo.push({ id: target, name: '*' });
          }
          // What the module requires without an import declaration (CommonJS `require`): whole.
          for (const i of this.getModuleInfo(id)?.importedIds ?? []) if (!seen.has(i)) todo.push({ id: i, name: '*' });
        };
        for (let item = todo.pop(); item; item = todo.pop()) {
          const { id, name } = item;
          if (full.has(id)) continue;
          const s = shape(id);
          if (!s) {
            full.add(id);
            for (const i of this.getModuleInfo(id)?.importedIds ?? []) todo.push({ id: i, name: '*' });
            continue;
          }
          if (name === '*') {
            full.add(id);
            await ownCode(id, s);
            for (const e of s.exports.values()) if (e !== 'local') await push(e.from, id, e.name);
            for (const spec of s.stars) await push(spec, id, '*');
            continue;
          }
          const names = named.get(id) ?? new Set<string>();
          if (names.has(name)) continue;
          names.add(name);
          named.set(id, names);
          const from = s.exports.get(name);
          if (from === 'local' || (!from && s.stars.length === 0)) await ownCode(id, s);
          else if (from) await push(from.from, id, from.name);
          else
            for (const spec of s.stars) {
              const target = await resolve(spec, id);
              const t = target ? shape(target) : undefined;
              if (target && (!t || t.exports.has(name) || t.stars.length > 0)) todo.push({ id: target, name });
            }
        }
        // A module only passed through (an index re-exporting what was asked for) stays where the bundler
        // puts it: the importer gets the name from the module that defines it.
        return new Set([...full, ...own]);
      };

      const early = await closure([ENTRY]);
      early.delete(ENTRY);
      const boot = await closure([BOOT]);
      const shell = new Set([...boot, ...[...(await closure([HOME_PAGE]))].filter((id) => !id.startsWith(HOME_OWN))]);
      for (const id of shell) if (early.has(id)) shell.delete(id);
      graph = { early, shell };
    },
    // Every page needs the shell: the page's HTML asks for it (and what it imports) beside the entry,
    // rather than the entry asking for it once it has arrived and run.
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith('index.html')) return html;
        const chunks = new Map(Object.entries(ctx.bundle).flatMap(([f, o]) => (o.type === 'chunk' ? [[f, o]] : [])));
        const shell = [...chunks.keys()].find((f) => /(^|\/)shell-[^/]*\.js$/.test(f));
        if (!shell) return html;
        const files = new Set<string>();
        const todo = [shell];
        for (let f = todo.pop(); f !== undefined; f = todo.pop()) {
          if (files.has(f) || html.includes(`/${f}"`)) continue;
          files.add(f);
          todo.push(...(chunks.get(f)?.imports ?? []));
        }
        return {
          html,
          tags: [...files].map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
    // The groups take exactly these modules (`includeDependenciesRecursively: false`): should a module
    // the shell's code needs be left in a chunk that itself imports the shell, the two chunks would
    // import each other and one would run before the other is ready. The build fails instead.
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const [file, out] of Object.entries(bundle)) if (out.type === 'chunk') imports.set(file, out.imports);
      for (const file of imports.keys()) {
        if (!/(^|\/)(shell|early-requests)-/.test(file)) continue;
        const seen = new Set<string>();
        const todo = [...(imports.get(file) ?? [])];
        for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
          if (next === file) this.error(`home-chunks: ${file} and a chunk it imports import each other`);
          if (seen.has(next)) continue;
          seen.add(next);
          todo.push(...(imports.get(next) ?? []));
        }
      }
    },
  };
}

/** The `codeSplitting` groups (below React's vendor chunk in priority). */
export const homeChunkGroups = [
  {
    name: 'early-requests',
    test: (id: string) => graph?.early.has(id) ?? false,
    priority: 25,
    includeDependenciesRecursively: false,
  },
  {
    name: 'shell',
    test: (id: string) => graph?.shell.has(id) ?? false,
    priority: 10,
    includeDependenciesRecursively: false,
  },
];
