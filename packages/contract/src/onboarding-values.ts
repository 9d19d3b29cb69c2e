/**
 * The plain values and helpers of onboarding.ts, which re-exports them: apart from its TypeBox schemas so a
 * browser page using only these does not load TypeBox (the bundler keeps a used module's imports).
 */

/**
 * The new-user guide (spec §4 "Guide", §7 onboarding calls): five things a new user does once, in
 * order. A step counts only when the server finds it really done in the current team.
 */
export const OnboardingSteps = ['app', 'table', 'fields', 'record', 'flow'] as const;
export type OnboardingStep = (typeof OnboardingSteps)[number];
