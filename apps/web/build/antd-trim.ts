import type { Plugin } from 'vite';

/**
 * Two antd imports that bring whole components to every page for one small piece (issue 15, /home):
 *
 * - Button's and Tag's style tokens import `isBright` from the color picker's presets panel, whose
 *   module imports Collapse: a 5 KB (br) chunk of collapse on every page with a button. They get the
 *   same function from a module of their own (`isBright` as antd 6.6 writes it).
 * - Typography imports its inline editor (`editable`: a TextArea with antd's input styles, ~10 KB br)
 *   for every Text and Title. The app never makes a text editable (names are edited in inputs and
 *   forms), so the editor is a stub that says so if someone sets `editable` one day.
 *
 * Both are checked by importer path, so an antd upgrade that moves them only loses the saving.
 */
const IS_BRIGHT = '\0canopy:antd-is-bright';
const NO_EDITABLE = '\0canopy:antd-typography-editable';

const fromAntd = (importer: string | undefined, file: string) =>
  !!importer && importer.replaceAll('\\', '/').endsWith(`/node_modules/antd/es/${file}`);

export function antdTrimPlugin(): Plugin {
  return {
    name: 'canopy-antd-trim',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '../../color-picker/components/ColorPresets' &&
        (fromAntd(importer, 'button/style/token.js') || fromAntd(importer, 'tag/style/index.js'))
      )
        return IS_BRIGHT;
      if (source === '../Editable' && fromAntd(importer, 'typography/Base/index.js')) return NO_EDITABLE;
      return null;
    },
    load(id) {
      if (id === IS_BRIGHT)
        return `import { Color as RcColor } from '@rc-component/color-picker';
export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
`;
      if (id === NO_EDITABLE)
        return `export default function Editable() {
  throw new Error('Typography editable is left out of this build (apps/web/build/antd-trim.ts)');
}
`;
      return null;
    },
  };
}
