import { type AutomationTrigger, FlowTriggerEvents, RecordTriggerEvents } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Flex, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shell/session/session-context';
import { fetchCorpInfo } from '../../team/api/team-api';
import { teamKeys } from '../../team/hooks/team-keys';
import { ButtonTrigger } from './ButtonTriggerForm';
import { CRON_PRESETS, nextFires } from './cron-preview';
import { DateTriggerForm } from './DateTriggerForm';
import { useDesigner } from './designer-context';
import { FilterField } from './FilterField';
import { JsonSettings } from './JsonSettings';
import { newTrigger, TRIGGER_KINDS, triggerTable } from './kinds';
import { Hint } from './VariablePicker';

interface Props {
  trigger: AutomationTrigger;
  onChange: (t: AutomationTrigger) => void;
  /** The secret address of the saved automation's webhook (path), or null. */
  webhookPath: string | null;
}

/** The trigger chooser: every kind the server has, each with its settings. */
export function TriggerForm({ trigger, onChange, webhookPath }: Props) {
  const { t } = useTranslation();
  const { tables } = useDesigner();
  const choose = (kind: string) => onChange(newTrigger(kind, triggerTable(trigger) || tables[0]?.code || ''));
  return (
    <Form layout="vertical" requiredMark={false} data-testid="trigger-form">
      <Form.Item label={t('automations.trigger.kindLabel')} htmlFor="trigger-kind">
        <Select
          id="trigger-kind"
          value={trigger.kind}
          onChange={choose}
          options={TRIGGER_KINDS.map((k) => ({
            value: k,
            label: t(`automations.trigger.${k}`, { defaultValue: k }),
          }))}
          data-testid="trigger-kind"
        />
      </Form.Item>
      <TriggerSettings trigger={trigger} onChange={onChange} webhookPath={webhookPath} />
    </Form>
  );
}

function TriggerSettings({ trigger, onChange, webhookPath }: Props) {
  switch (trigger.kind) {
    case 'record':
      return <RecordTrigger trigger={trigger} onChange={onChange} />;
    case 'schedule':
      return <ScheduleTrigger trigger={trigger} onChange={onChange} />;
    case 'webhook':
      return <WebhookTrigger webhookPath={webhookPath} />;
    case 'flow':
      return <FlowTrigger trigger={trigger} onChange={onChange} />;
    case 'button':
      return <ButtonTrigger trigger={trigger} onChange={onChange} />;
    case 'date':
      return <DateTriggerForm trigger={trigger} onChange={onChange} />;
    case 'form':
      return (
        <TableSelect
          value={trigger.schemaCode}
          onChange={(schemaCode) => onChange({ kind: 'form', schemaCode })}
          testId="trigger-table"
        />
      );
    default:
      // A kind the server added after this form: its settings as JSON until it gets its own form.
      return <JsonSettings value={trigger} onChange={(v) => onChange(v as AutomationTrigger)} />;
  }
}

/** The table a trigger or step works on. */
export function TableSelect({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (code: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const { tables } = useDesigner();
  return (
    <Form.Item label={t('automations.table')} htmlFor={testId}>
      <Select
        id={testId}
        value={value || undefined}
        onChange={onChange}
        placeholder={t('automations.pickTable')}
        options={tables.map((x) => ({ value: x.code, label: x.name }))}
        data-testid={testId}
      />
    </Form.Item>
  );
}

function RecordTrigger({
  trigger,
  onChange,
}: {
  trigger: Extract<AutomationTrigger, { kind: 'record' }>;
  onChange: (t: AutomationTrigger) => void;
}) {
  const { t } = useTranslation();
  const { fieldsOf } = useDesigner();
  const fields = fieldsOf(trigger.schemaCode).filter((f) => !f.deleted && !f.system);
  const { filter: _f, fields: _c, ...rest } = trigger;
  return (
    <>
      <TableSelect
        value={trigger.schemaCode}
        onChange={(schemaCode) => onChange({ kind: 'record', schemaCode, events: trigger.events })}
        testId="trigger-table"
      />
      <Form.Item label={t('automations.trigger.events')}>
        <Checkbox.Group
          value={trigger.events}
          onChange={(events) => events.length && onChange({ ...trigger, events: events as typeof trigger.events })}
          options={RecordTriggerEvents.map((e) => ({ value: e, label: t(`automations.recordEvent.${e}`) }))}
          data-testid="trigger-events"
        />
      </Form.Item>
      {trigger.events.includes('updated') && (
        <Form.Item label={t('automations.trigger.fieldsChange')} htmlFor="trigger-fields">
          <Select
            id="trigger-fields"
            mode="multiple"
            allowClear
            value={trigger.fields ?? []}
            onChange={(codes: string[]) =>
              onChange(
                codes.length
                  ? { ...trigger, fields: codes }
                  : { ...rest, ...(trigger.filter ? { filter: trigger.filter } : {}) },
              )
            }
            placeholder={t('automations.trigger.anyField')}
            options={fields.map((f) => ({ value: f.code, label: f.name }))}
            data-testid="trigger-fields"
          />
        </Form.Item>
      )}
      <Form.Item label={t('automations.trigger.condition')}>
        <FilterField
          schemaCode={trigger.schemaCode}
          fields={fieldsOf(trigger.schemaCode)}
          filter={trigger.filter}
          emptyText={t('automations.trigger.everyRecord')}
          onChange={(filter) => {
            const { filter: _old, ...without } = trigger;
            onChange(filter?.conditions.length ? { ...without, filter } : without);
          }}
        />
      </Form.Item>
    </>
  );
}

function FlowTrigger({
  trigger,
  onChange,
}: {
  trigger: Extract<AutomationTrigger, { kind: 'flow' }>;
  onChange: (t: AutomationTrigger) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TableSelect
        value={trigger.schemaCode}
        onChange={(schemaCode) => onChange({ ...trigger, schemaCode })}
        testId="trigger-table"
      />
      <Form.Item label={t('automations.trigger.flowEvents')}>
        <Checkbox.Group
          value={trigger.events}
          onChange={(events) => events.length && onChange({ ...trigger, events: events as typeof trigger.events })}
          options={FlowTriggerEvents.map((e) => ({ value: e, label: t(`automations.flowEvent.${e}`) }))}
          data-testid="trigger-flow-events"
        />
      </Form.Item>
    </>
  );
}

/** The team's time zone (a schedule runs in it). */
function useTeamTimeZone(): string | undefined {
  const corpId = useSession().current?.corpId ?? '';
  const info = useQuery({
    queryKey: teamKeys.corpInfo(corpId),
    queryFn: () => fetchCorpInfo(corpId),
    staleTime: 60_000,
  });
  return info.data?.timeZone;
}

function ScheduleTrigger({
  trigger,
  onChange,
}: {
  trigger: Extract<AutomationTrigger, { kind: 'schedule' }>;
  onChange: (t: AutomationTrigger) => void;
}) {
  const { t, i18n } = useTranslation();
  const zone = useTeamTimeZone();
  const preset = CRON_PRESETS.find((p) => p.cron === trigger.cron.trim());
  const fires = zone ? nextFires(trigger.cron, zone, i18n.language === 'jp' ? 'ja' : i18n.language) : [];
  return (
    <>
      <Form.Item label={t('automations.schedule.preset')} htmlFor="schedule-preset">
        <Select
          id="schedule-preset"
          value={preset?.cron ?? 'custom'}
          onChange={(cron) => cron !== 'custom' && onChange({ kind: 'schedule', cron })}
          options={[
            ...CRON_PRESETS.map((p) => ({ value: p.cron, label: t(`automations.schedule.${p.key}`) })),
            { value: 'custom', label: t('automations.schedule.custom') },
          ]}
          data-testid="schedule-preset"
        />
      </Form.Item>
      <Form.Item
        label={t('automations.schedule.cron')}
        htmlFor="schedule-cron"
        validateStatus={fires === null ? 'error' : undefined}
        help={fires === null ? t('automations.schedule.badCron') : t('automations.schedule.cronHint')}
      >
        <Input
          id="schedule-cron"
          value={trigger.cron}
          onChange={(e) => onChange({ kind: 'schedule', cron: e.target.value })}
          style={{ fontFamily: 'monospace' }}
          data-testid="schedule-cron"
        />
      </Form.Item>
      {fires && fires.length > 0 && (
        <Alert
          type="info"
          showIcon
          data-testid="schedule-preview"
          title={
            preset
              ? t('automations.schedule.previewNamed', { name: t(`automations.schedule.${preset.key}`), zone })
              : t('automations.schedule.preview', { zone })
          }
          description={
            <Flex vertical>
              {fires.map((f) => (
                <span key={f}>{f}</span>
              ))}
            </Flex>
          }
        />
      )}
    </>
  );
}

function WebhookTrigger({ webhookPath }: { webhookPath: string | null }) {
  const { t } = useTranslation();
  if (!webhookPath) return <Alert type="info" showIcon title={t('automations.webhook.saveFirst')} />;
  const url = `${window.location.origin}${webhookPath}`;
  return (
    <Flex vertical gap={8} data-testid="webhook-settings">
      <Typography.Text strong>{t('automations.webhook.url')}</Typography.Text>
      <Typography.Paragraph
        copyable={{ text: url, tooltips: [t('automations.webhook.copy'), t('automations.webhook.copied')] }}
        code
        style={{ wordBreak: 'break-all' }}
        data-testid="webhook-url"
      >
        {url}
      </Typography.Paragraph>
      <Hint>{t('automations.webhook.hint')}</Hint>
      <Hint>{t('automations.webhook.secret')}</Hint>
    </Flex>
  );
}
