import Type, { type Static } from 'typebox';

export * from './onboarding-values.js';

const Step = Type.Union([
  Type.Literal('app'),
  Type.Literal('table'),
  Type.Literal('fields'),
  Type.Literal('record'),
  Type.Literal('flow'),
]);

/** What the user did with the guide: nothing yet (null: the guide runs), skipped it or finished it. */
export const OnboardingAction = Type.Union([Type.Literal('skipped'), Type.Literal('finished')]);
export type OnboardingAction = Static<typeof OnboardingAction>;

export const OnboardingState = Type.Object({
  /** null while the guide is due (guide type 'action'); otherwise the guide stays closed. */
  action: Type.Union([OnboardingAction, Type.Null()]),
  /** Steps done, in guide order. */
  steps: Type.Array(Step),
  /**
   * Whether the guide opens now, in the current team: no action recorded, and the member can act on
   * it (the team's owner or an administrator, who build its apps), or they asked for it from the
   * help menu. A plain member joining a team is not walked through building one.
   */
  due: Type.Boolean(),
});
export type OnboardingState = Static<typeof OnboardingState>;

/** Guide save: record skipping or finishing, or `restart` (help menu "新手引导") to run it again from the start. */
export const OnboardingSaveBody = Type.Object(
  { action: Type.Union([OnboardingAction, Type.Literal('restart')]) },
  { additionalProperties: false },
);
export type OnboardingSaveBody = Static<typeof OnboardingSaveBody>;

/** A step the web app saw the user do; the server checks it before recording it. */
export const OnboardingStepBody = Type.Object({ userTag: Step }, { additionalProperties: false });
export type OnboardingStepBody = Static<typeof OnboardingStepBody>;
