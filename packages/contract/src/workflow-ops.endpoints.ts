import { schemaPath, sessionEndpoints } from './endpoint.js';
import { SchemaParams } from './schemas.js';
import { DelegationScopes, MyDelegations, SetDelegationBody, WorkflowAnalytics } from './workflow-ops.js';

const opsEndpoint = sessionEndpoints('workflow');
const designEndpoint = sessionEndpoints('workflow-design');

/** Out-of-office delegation (the asker's own) and a flow's analytics (the app's edit right). */
export const WorkflowOpsEndpoints = {
  myDelegation: opsEndpoint(
    'GET',
    '/v1/workflow/delegation',
    "The asker's out-of-office delegation and the members who named the asker their delegate",
    MyDelegations,
  ),
  setDelegation: opsEndpoint(
    'PUT',
    '/v1/workflow/delegation',
    'While away (startsAt–endsAt), new work items go to this member of the team, acting for the asker',
    MyDelegations,
    { body: SetDelegationBody },
  ),
  delegationScopes: opsEndpoint(
    'GET',
    '/v1/workflow/delegation/scopes',
    'The apps and flows the asker may delegate: their app list and the apps they have had tasks in',
    DelegationScopes,
  ),
  clearDelegation: opsEndpoint(
    'DELETE',
    '/v1/workflow/delegation',
    "End the asker's delegation now (items already delegated stay with the delegate)",
    MyDelegations,
  ),
  analytics: designEndpoint(
    'GET',
    `${schemaPath}/workflow/analytics`,
    "The table's flow in figures: instances by state, time to finish, time per node and approver, where instances wait",
    WorkflowAnalytics,
    { params: SchemaParams },
  ),
} as const;
