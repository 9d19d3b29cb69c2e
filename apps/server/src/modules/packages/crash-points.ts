/** Where an install may stop dead in tests (TestHooks.packageCrashAt, test-hooks.ts): the crash tests kill it there. */
export const CRASH_POINTS = ['extracted', 'tables', 'records', 'committed'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];
