import { endpoint } from './endpoint.js';
import { OnboardingSaveBody, OnboardingState, OnboardingStepBody } from './onboarding.js';

export const OnboardingEndpoints = {
  state: endpoint({
    method: 'GET',
    path: '/v1/onboarding/user',
    summary: "The signed-in user's guide: action recorded (null: guide due) and steps done",
    tags: ['onboarding'],
    auth: 'session',
    response: OnboardingState,
  }),
  save: endpoint({
    method: 'POST',
    path: '/v1/onboarding/user',
    summary: 'Guide save: skipped, finished, or restart from the help menu',
    tags: ['onboarding'],
    auth: 'session',
    body: OnboardingSaveBody,
    response: OnboardingState,
  }),
  step: endpoint({
    method: 'POST',
    path: '/v1/onboarding/web/step/',
    summary: 'Record a guide step (userTag) once the server finds it done in the current team',
    tags: ['onboarding'],
    auth: 'session',
    body: OnboardingStepBody,
    response: OnboardingState,
  }),
} as const;
