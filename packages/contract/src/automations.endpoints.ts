import Type from 'typebox';
import {
  AutomationButton,
  AutomationItem,
  AutomationLimits,
  AutomationRun,
  AutomationRunsQuery,
  AutomationTestBody,
  AutomationTestResult,
  ButtonRunResult,
  CreateAutomationBody,
  PressButtonBody,
  UpdateAutomationBody,
} from './automations.js';
import { endpoint, schemaPath, sessionEndpoints } from './endpoint.js';

const auto = sessionEndpoints('automations');
const base = '/v1/apps/:appCode/automations';
const AppParams = Type.Object({ appCode: Type.String({ minLength: 1, maxLength: 64 }) });
const AutoParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64 }),
  automationId: Type.String({ minLength: 1, maxLength: 64 }),
});
const RunParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64 }),
  automationId: Type.String({ minLength: 1, maxLength: 64 }),
  runId: Type.String({ minLength: 1, maxLength: 64 }),
});
const Enabled = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });

/** An app's automations: its designers (the app's edit right, or admin mode) manage them. */
export const AutomationEndpoints = {
  list: auto('GET', base, "The app's automations", Type.Array(AutomationItem), { params: AppParams }),
  get: auto('GET', `${base}/:automationId`, 'One automation with its draft', AutomationItem, { params: AutoParams }),
  create: auto('POST', base, 'Create an automation (a draft; publish it to run)', AutomationItem, {
    params: AppParams,
    body: CreateAutomationBody,
  }),
  update: auto('PATCH', `${base}/:automationId`, "Change an automation's name or draft", AutomationItem, {
    params: AutoParams,
    body: UpdateAutomationBody,
  }),
  remove: auto('DELETE', `${base}/:automationId`, 'Delete an automation, its versions and runs', Type.Boolean(), {
    params: AutoParams,
  }),
  publish: auto(
    'POST',
    `${base}/:automationId/publish`,
    'Publish the draft as a new version; runs from now on use it and act as the publisher',
    AutomationItem,
    { params: AutoParams },
  ),
  setEnabled: auto('PUT', `${base}/:automationId/enabled`, 'Switch an automation on or off', AutomationItem, {
    params: AutoParams,
    body: Enabled,
  }),
  test: auto(
    'POST',
    `${base}/:automationId/test`,
    'Run the draft against a chosen record and answer what it would do; nothing is committed or sent',
    AutomationTestResult,
    { params: AutoParams, body: AutomationTestBody },
  ),
  runs: endpoint({
    method: 'GET',
    path: `${base}/:automationId/runs`,
    summary: "An automation's runs, newest first, optionally of one status",
    tags: ['automations'],
    auth: 'session',
    params: AutoParams,
    query: AutomationRunsQuery,
    response: Type.Array(AutomationRun),
  }),
  run: auto('GET', `${base}/:automationId/runs/:runId`, 'One run with each step', AutomationRun, {
    params: RunParams,
  }),
  rerun: auto(
    'POST',
    `${base}/:automationId/runs/:runId/rerun`,
    'Run a failed run again from its failed step (the steps before it are not repeated)',
    AutomationRun,
    { params: RunParams },
  ),
  /** Buttons of a table's records the member sees (members who see the table, not only designers). */
  buttons: auto(
    'GET',
    `${schemaPath}/automation-buttons`,
    "The automations' buttons the member sees on this table's records",
    Type.Array(AutomationButton),
    {
      params: Type.Object({
        appCode: Type.String({ minLength: 1, maxLength: 64 }),
        schemaCode: Type.String({ minLength: 1, maxLength: 64 }),
      }),
    },
  ),
  press: auto(
    'POST',
    `${base}/:automationId/press`,
    "Press an automation's button on a record the member sees; answers its run once ended (or still running after a while)",
    ButtonRunResult,
    { params: AutoParams, body: PressButtonBody },
  ),
  pressed: auto(
    'GET',
    `${base}/:automationId/presses/:runId`,
    'A run the member started by pressing a button',
    ButtonRunResult,
    {
      params: RunParams,
    },
  ),
  /** An automation's incoming webhook: the secret in the address is its only key. */
  incoming: endpoint({
    method: 'POST',
    path: '/v1/automation-hooks/:automationId/:secret',
    summary: "Start an automation's run with this JSON body (202: queued; 404: no such address)",
    tags: ['automations'],
    auth: 'none',
    params: Type.Object({
      automationId: Type.String({ minLength: 1, maxLength: 64 }),
      secret: Type.String({ minLength: 1, maxLength: 128 }),
    }),
    body: Type.Optional(Type.Unknown()),
    bodyLimit: AutomationLimits.webhookBodyMax,
    response: Type.Object({ runId: Type.String() }),
  }),
} as const;
