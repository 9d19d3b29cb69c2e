import type { Language } from './i18n.js';
import { AccountMessages } from './messages/account.js';
import { ApiTokenMessages } from './messages/api-tokens.js';
import { AppRoleMessages } from './messages/app-roles.js';
import { ApplogMessages } from './messages/applog.js';
import { AppMessages } from './messages/apps.js';
import { AutomationMessages } from './messages/automations.js';
import { CommentMessages } from './messages/comments.js';
import { CustomPageMessages } from './messages/custom-pages.js';
import { DashboardMessages } from './messages/dashboards.js';
import { DatasourceMessages } from './messages/datasource.js';
import { FeedbackMessages } from './messages/feedback.js';
import { FileMessages } from './messages/files.js';
import { NoticeMessages } from './messages/notices.js';
import { OrgMessages } from './messages/org.js';
import { PackageMessages } from './messages/packages.js';
import { PrintMessages } from './messages/print.js';
import { RequestMessages } from './messages/request.js';
import { ShortcutMessages } from './messages/shortcuts.js';
import { TableMessages } from './messages/tables.js';
import { TeamMessages } from './messages/teams.js';
import { TemplateMessages } from './messages/templates.js';
import { TransferMessages } from './messages/transfer.js';
import { ViewMessages } from './messages/views.js';
import { WebhookMessages } from './messages/webhooks.js';
import { WecomMessages } from './messages/wecom.js';
import { WorkflowMessages } from './messages/workflow.js';
import { fillMessage } from './messages-shell.js';

export { FieldLabels, fieldLabel } from './messages/field-labels.js';
export * from './messages-shell.js';

/**
 * Messages the server sends to users, in every language, assembled from one part per domain
 * (messages/<domain>.ts; a key lives in exactly one, messages.test.ts checks it). Keys are stable;
 * `{name}` placeholders are filled by `formatMessage`. Texts quoted by the spec are kept exactly in zh.
 */
export const ServerMessages = {
  ...RequestMessages,
  ...AccountMessages,
  ...TeamMessages,
  ...OrgMessages,
  ...NoticeMessages,
  ...AppMessages,
  ...AppRoleMessages,
  ...TableMessages,
  ...FileMessages,
  ...ViewMessages,
  ...DashboardMessages,
  ...ApplogMessages,
  ...CustomPageMessages,
  ...PrintMessages,
  ...DatasourceMessages,
  ...TransferMessages,
  ...WorkflowMessages,
  ...FeedbackMessages,
  ...WecomMessages,
  ...ShortcutMessages,
  ...ApiTokenMessages,
  ...WebhookMessages,
  ...CommentMessages,
  ...AutomationMessages,
  ...PackageMessages,
  ...TemplateMessages,
} as const satisfies Record<string, Record<Language, string>>;

export type ServerMessageKey = keyof typeof ServerMessages;

export function formatMessage(
  key: ServerMessageKey,
  lang: Language,
  params: Record<string, string | number> = {},
): string {
  return fillMessage(ServerMessages[key][lang], params);
}
