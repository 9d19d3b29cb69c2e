import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { TestHooks } from '../src/test-hooks.js';
import type { TestServer } from './harness.js';

/**
 * Gives a test server hooks into its services (test-hooks.ts): its app is built again with them, on
 * the same database, data directory and port (as the harness's restart does), so clients keep
 * working. The hooks object stays the test's: setting or clearing a hook on it takes effect at once.
 */
export async function withTestHooks(server: TestServer, hooks: TestHooks): Promise<void> {
  const port = Number(new URL(server.baseUrl).port);
  if (server.app.server.listening) await server.app.close();
  const config = { ...loadConfig({ WEB_DIST: '', DATA_DIR: server.dataDir }), port: 0, host: '127.0.0.1' };
  server.app = await buildApp({ config, database: server.database.handle, logger: false, testHooks: hooks });
  await server.app.listen({ port, host: '127.0.0.1' });
}
