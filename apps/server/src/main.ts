import { startFailed, startServer } from './server.js';

/** The production entry (`node --import tsx apps/server/src/main.ts`): server.ts's start, no test hooks. */
startServer().catch(startFailed);
