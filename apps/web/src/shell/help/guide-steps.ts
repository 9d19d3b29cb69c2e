import type { OnboardingStep } from '@canopy/contract';

/**
 * Where each guide step points: the control that starts it, first found wins (the user may be on
 * another page; then the step is shown centred until they get there).
 */
export const STEP_TARGETS: Record<OnboardingStep, string[]> = {
  app: ['[data-testid="create-app-menu"]'],
  table: ['[data-testid="add-node"]'],
  fields: ['[data-testid="field-add"]', '[data-testid="table-page"] [role="tab"]:nth-child(2)'],
  record: ['[data-testid="record-add"]'],
  flow: ['[data-testid="wf-save"]', '[data-testid="table-design-flow"]'],
};

export function stepTarget(step: OnboardingStep): HTMLElement | null {
  for (const selector of STEP_TARGETS[step]) {
    const found = document.querySelector<HTMLElement>(selector);
    if (found) return found;
  }
  return null;
}

/**
 * Open popups the user is working in (a dialog, a drawer, a menu, a picker): the guide steps aside
 * while one is open, so it never covers what the user is filling in.
 */
const BUSY =
  '.ant-modal-wrap:not([style*="display: none"]), .ant-drawer-open, .ant-dropdown:not(.ant-dropdown-hidden), .ant-select-dropdown:not(.ant-select-dropdown-hidden)';

export function userIsBusy(): boolean {
  return document.querySelector(BUSY) !== null;
}
