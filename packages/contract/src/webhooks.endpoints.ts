import Type from 'typebox';
import { schemaPath, sessionEndpoints } from './endpoint.js';
import { SchemaParams } from './schemas.js';
import { CreateWebhookBody, UpdateWebhookBody, WebhookDelivery, WebhookItem } from './webhooks.js';

const hookEndpoint = sessionEndpoints('webhooks');
const HookParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64 }),
  schemaCode: Type.String({ minLength: 1, maxLength: 64 }),
  hookId: Type.String({ minLength: 1, maxLength: 64 }),
});

/** A data table's webhooks: its designers (the app's edit right) manage them. */
export const WebhookEndpoints = {
  list: hookEndpoint('GET', `${schemaPath}/webhooks`, "The table's webhooks", Type.Array(WebhookItem), {
    params: SchemaParams,
  }),
  create: hookEndpoint(
    'POST',
    `${schemaPath}/webhooks`,
    'Subscribe a URL to record events (http(s), not a private address unless the instance allows it)',
    WebhookItem,
    { params: SchemaParams, body: CreateWebhookBody },
  ),
  update: hookEndpoint(
    'PATCH',
    `${schemaPath}/webhooks/:hookId`,
    'Switch a webhook on or off (on again resumes a paused one) or change its events',
    WebhookItem,
    { params: HookParams, body: UpdateWebhookBody },
  ),
  remove: hookEndpoint('DELETE', `${schemaPath}/webhooks/:hookId`, 'Delete a webhook and its log', Type.Boolean(), {
    params: HookParams,
  }),
  test: hookEndpoint(
    'POST',
    `${schemaPath}/webhooks/:hookId/test`,
    'Send a test delivery (event ping) now and answer how it went',
    WebhookDelivery,
    { params: HookParams },
  ),
  deliveries: hookEndpoint(
    'GET',
    `${schemaPath}/webhooks/:hookId/deliveries`,
    "A webhook's latest deliveries: status, duration, response excerpt",
    Type.Array(WebhookDelivery),
    { params: HookParams },
  ),
} as const;
