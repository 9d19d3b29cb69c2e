import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { authPagesDevPlugin } from './build/auth-pages.ts';
import { buildVersion, versionFilePlugin } from './build/build-version.ts';
import { precompressPlugin } from './build/precompress.ts';
import pkg from './package.json' with { type: 'json' };

const version = buildVersion(pkg.version);
const api = 'http://localhost:3000';
const page = (file: string) => decodeURIComponent(new URL(file, import.meta.url).pathname);

/** Vendor groups: stable libraries get their own long-cached chunks, apart from app code. */
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'vendor-antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+)[\\/]/, priority: 20 },
  {
    name: 'vendor-libs',
    test: /node_modules[\\/](@tanstack|i18next|react-i18next|dayjs|typebox|@noble|dompurify)[\\/]/,
    priority: 10,
  },
];

export default defineConfig({
  plugins: [react(), versionFilePlugin(version), authPagesDevPlugin(), precompressPlugin()],
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
    // antd's shared chunk is the largest piece (it is tree-shaken, but its style engine is big).
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      input: { index: page('./index.html'), auth: page('./auth.html') },
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
