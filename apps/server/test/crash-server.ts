import { CRASH_POINTS, type CrashPoint } from '../src/modules/packages/crash-points.js';
import { startFailed, startServer } from '../src/server.js';

/**
 * The server process of packages-crash.test.ts: server.ts's start (as main.ts runs it) with the test's hook injected
 * (CANOPY_PACKAGE_CRASH_AT names the install step at which the process kills itself). Only this
 * test entry reads that variable; the production entry knows nothing of it.
 */
const crashAt = process.env.CANOPY_PACKAGE_CRASH_AT;
startServer({
  packageCrashAt: CRASH_POINTS.includes(crashAt as CrashPoint) ? (crashAt as CrashPoint) : undefined,
}).catch(startFailed);
