import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdTrimPlugin } from './build/antd-trim.ts';
import { authPagesDevPlugin } from './build/auth-pages.ts';
import { buildVersion, versionFilePlugin } from './build/build-version.ts';
import { bundleReportPlugin } from './build/bundle-report.ts';
import { homeChunkGroups, homeChunksPlugin } from './build/home-chunks.ts';
import { lazyPackagesPlugin } from './build/lazy-packages.ts';
import { precompressPlugin } from './build/precompress.ts';
import { pureSchemasPlugin } from './build/pure-schemas.ts';
import pkg from './package.json' with { type: 'json' };

const version = buildVersion(pkg.version);
const api = 'http://localhost:3000';
const page = (file: string) => decodeURIComponent(new URL(file, import.meta.url).pathname);

/**
 * React, used by every page, gets its own long-cached chunk. Everything else (antd included) is split
 * by what each route imports: one antd chunk for all would make /home download every component the
 * table grid, the designers and the dialogs use (bench/README.md, "The web app's /home").
 */
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  // TypeBox, for the few contract schemas a page still builds (dashboard layout, view filters): its own
  // chunk, fetched by those pages only, rather than riding along in a shared chunk /home loads.
  { name: 'typebox', test: /node_modules[\\/]typebox[\\/]/, priority: 20 },
  // The entry's early requests, and the shell with /home's components in one chunk (build/home-chunks.ts).
  ...homeChunkGroups,
];

/**
 * antd's rc-components, its icons and TypeBox declare no `sideEffects` in their package.json, so the
 * bundler keeps every module an index re-exports once one name of it is used: antd's input, through
 * its form context, brought @rc-component/form and its async validator (~12 KB br) to /home. Their
 * modules only define things; none registers anything when loaded (CSS is antd's own, kept).
 */
const NO_SIDE_EFFECTS = /node_modules[\\/](@rc-component|@ant-design|typebox)[\\/].*\.m?js$/;

export default defineConfig({
  plugins: [
    react(),
    versionFilePlugin(version),
    authPagesDevPlugin(),
    precompressPlugin(),
    pureSchemasPlugin(),
    antdTrimPlugin(),
    homeChunksPlugin(),
    lazyPackagesPlugin(),
    bundleReportPlugin(),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(version),
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/v1', '/v2', '/api', '/ug-foreground', '/healthz'].map((prefix) => [
        prefix,
        { target: api, changeOrigin: false },
      ]),
    ),
  },
  build: {
    target: 'es2022',
    // Browsers of es2022 preload modules themselves (Safari since 17): no polyfill file on every page's
    // critical path (it had become a file of its own, shared by both entries).
    modulePreload: { polyfill: false },
    // ECharts' renderer chunk (dashboards, flow analytics; loaded only there) is the largest piece.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      input: { index: page('./index.html'), auth: page('./auth.html') },
      output: { codeSplitting: { groups: vendorGroups } },
      treeshake: { moduleSideEffects: (id: string) => !NO_SIDE_EFFECTS.test(id) },
    },
  },
});
