import { type SetDelegationBody, WorkflowOpsEndpoints } from '@canopy/contract';
import { call } from '../../../shell/api/client';

/**
 * Out-of-office delegation (issue 29): the member's own (account settings edits it, /todos shows
 * it as a banner) and what they may delegate. Keys are per team: a delegation belongs to one.
 */
export const delegationKeys = {
  mine: (engineCode: string) => ['workflow-delegation', engineCode] as const,
  scopes: (engineCode: string) => ['workflow-delegation', engineCode, 'scopes'] as const,
};

export const delegationApi = {
  get: () => call(WorkflowOpsEndpoints.myDelegation),
  scopes: () => call(WorkflowOpsEndpoints.delegationScopes),
  set: (body: SetDelegationBody) => call(WorkflowOpsEndpoints.setDelegation, { body, errors: 'inline' }),
  clear: () => call(WorkflowOpsEndpoints.clearDelegation, { errors: 'inline' }),
};
