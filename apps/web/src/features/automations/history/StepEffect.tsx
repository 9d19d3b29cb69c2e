import type { FieldInfo } from '@canopy/contract';
import { Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberNames } from '../../tables/components/people-services';
import { useAppTables } from '../designer/AutomationDesigner';

const text = (v: unknown): string =>
  v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v);

/** Record values by their fields' names (codes the table no longer has stay as codes). */
export function RecordValues({
  schemaCode,
  data,
  testId,
}: {
  schemaCode: string;
  data: Record<string, unknown>;
  testId?: string;
}) {
  const { fields, tables } = useAppTables();
  const named = fields.get(schemaCode) ?? ([] as FieldInfo[]);
  const table = tables.find((x) => x.code === schemaCode)?.name ?? schemaCode;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      title={<Typography.Text type="secondary">{table}</Typography.Text>}
      data-testid={testId}
      items={Object.entries(data).map(([code, v]) => ({
        key: code,
        label: named.find((f) => f.code === code)?.name ?? code,
        children: text(v),
      }))}
    />
  );
}

type EffectItem = { key: string; label: string; children: ReactNode };

/** The one look of a step's effect: label and value rows. */
const EffectTable = ({ items }: { items: EffectItem[] }) => (
  <Descriptions size="small" column={1} bordered data-testid="step-effect" items={items} />
);

/**
 * What a step wrote or sent, as a person reads it: a record step's values by field name, a
 * letter's recipients and words, a mail's addresses, a request's method and address, a robot's message. Other kinds: nothing (the JSON
 * below says it all).
 */
export function StepEffect({ kind, input, output }: { kind: string; input: unknown; output: unknown }) {
  const { t } = useTranslation();
  const i = (input ?? {}) as Record<string, unknown>;
  const o = (output ?? {}) as Record<string, unknown>;
  let body: ReactNode = null;
  if ((kind === 'createRecord' || kind === 'updateRecord') && typeof i.schemaCode === 'string' && i.values)
    body = <RecordValues schemaCode={i.schemaCode} data={i.values as Record<string, unknown>} testId="step-effect" />;
  else if (kind === 'sendLetter')
    body = (
      <EffectTable
        items={[
          {
            key: 'to',
            label: t('automations.history.recipients'),
            children: <MemberNames ids={(Array.isArray(o.memberIds) ? o.memberIds : (i.members ?? [])) as string[]} />,
          },
          { key: 'subject', label: t('automations.letter.subject'), children: text(i.subject) },
          { key: 'content', label: t('automations.letter.content'), children: text(i.content) },
        ]}
      />
    );
  else if (kind === 'http')
    body = (
      <EffectTable
        items={[
          { key: 'request', label: t('automations.http.request'), children: `${text(i.method)} ${text(i.url)}` },
          ...(o.sent === false
            ? [{ key: 'sent', label: t('automations.history.sent'), children: t('automations.history.notSent') }]
            : []),
          ...(typeof o.status === 'number'
            ? [{ key: 'status', label: t('automations.var.status'), children: String(o.status) }]
            : []),
        ]}
      />
    );
  else if (kind === 'sendMail')
    body = (
      <EffectTable
        items={[
          {
            key: 'to',
            label: t('automations.history.recipients'),
            children: Array.isArray(o.sentTo) ? o.sentTo.map(text).join('、') || '—' : '—',
          },
          { key: 'subject', label: t('automations.mail.subject'), children: text(i.subject) },
          { key: 'content', label: t('automations.mail.content'), children: text(i.content) },
        ]}
      />
    );
  else if (kind === 'wecomRobot')
    body = (
      <EffectTable
        items={[
          { key: 'robot', label: t('automations.wecom.webhook'), children: text(i.robot) },
          { key: 'content', label: t('automations.wecom.content'), children: text(i.content) },
          ...(o.sent === false
            ? [{ key: 'sent', label: t('automations.history.sent'), children: t('automations.history.notSent') }]
            : []),
        ]}
      />
    );
  return body;
}
