import type { Plugin } from 'vite';

const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/](?!.*\.test\.)[^\\/]+\.ts$/;
/** A call of a TypeBox builder (`Type.Object(`, `Type.String(`…), not a property named Type. */
const TYPE_CALL = /(?<![\w.$])Type\.(\w+)\(/g;

/**
 * Marks the contract's TypeBox builder calls `/* @__PURE__ *\/` in the browser build. The contract
 * builds its schemas at module level; the browser entry (`web.gen.ts`) uses none of them, but a page
 * importing a constant or a helper from a module (e.g. `isShortcutName` from shortcuts.ts) would
 * otherwise keep every schema call of that module — and TypeBox with them — because the bundler cannot
 * know a call has no side effects (`treeshake.manualPureFunctions` does not reach a member call on an
 * imported namespace). The server runs the files as they are.
 */
export function pureSchemasPlugin(): Plugin {
  return {
    name: 'canopy-pure-schemas',
    apply: 'build',
    transform: {
      filter: { id: CONTRACT },
      handler(code) {
        if (!code.includes('Type.')) return null;
        return { code: code.replace(TYPE_CALL, '/* @__PURE__ */ Type.$1('), map: null };
      },
    },
  };
}
