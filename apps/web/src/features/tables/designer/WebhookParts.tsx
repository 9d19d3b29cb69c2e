import {
  CommentWebhookEvents,
  type FilterGroup,
  FlowWebhookEvents,
  RecordWebhookEvents,
  WebhookEndpoints,
  type WebhookEvent,
  type WebhookItem,
} from '@canopy/contract';
import { App, Button, Checkbox, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shell/api/client';
import { errorText } from '../../../shell/api/form-errors';
import { useTable } from '../components/useTable';
import { FilterPanel } from '../views/filter/FilterPanel';
import { type QueryField, queryFields } from '../views/filter-ops';

type P = { appCode: string; schemaCode: string };

/**
 * The fields a hook's filter may name: the table's as this designer sees them (a field hidden from
 * them is not offered; the server refuses it too), the system fields and the flow's status.
 */
export function useHookFields(p: P): QueryField[] {
  const { t } = useTranslation();
  const { schema, access } = useTable(p.schemaCode);
  return useMemo(() => {
    if (!schema.data || !access.data) return [];
    const fieldAccess = access.data.fieldAccess;
    return queryFields(
      schema.data.fields,
      (code) => fieldAccess[code] === 'hidden',
      {
        createdAt: t('views.system.createdAt'),
        modifiedAt: t('views.system.modifiedAt'),
        createdBy: t('views.system.createdBy'),
        modifiedBy: t('views.system.modifiedBy'),
      },
      { flowState: t('workflow.column.flowState'), flowNode: t('workflow.column.flowNode') },
    );
  }, [schema.data, access.data, t]);
}

/** Record and flow events, each group on its own line (a Form.Item's value: the chosen events). */
export function EventChoices({ value, onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation();
  const group = (label: string, events: readonly string[]) => (
    <Flex gap={8} align="center" wrap>
      <Typography.Text type="secondary" style={{ minWidth: 40 }}>
        {label}
      </Typography.Text>
      {events.map((e) => (
        <Checkbox key={e} value={e} data-testid={`webhook-event-${e}`}>
          {t(`webhooks.ev.${e as WebhookEvent}`)}
        </Checkbox>
      ))}
    </Flex>
  );
  return (
    <Checkbox.Group value={value ?? []} onChange={(v) => onChange?.(v as string[])}>
      <Flex vertical gap={4}>
        {group(t('webhooks.recordEvents'), [...RecordWebhookEvents, ...CommentWebhookEvents])}
        {group(t('webhooks.flowEvents'), FlowWebhookEvents)}
      </Flex>
    </Checkbox.Group>
  );
}

/** Changes one hook's filter (saved as a whole; no conditions removes it). */
export function HookFilterEditor({
  p,
  hook,
  fields,
  onSaved,
}: {
  p: P;
  hook: WebhookItem;
  fields: QueryField[];
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [filter, setFilter] = useState<FilterGroup | undefined>(hook.filter ?? undefined);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await call(WebhookEndpoints.update, {
        params: { ...p, hookId: hook.id },
        body: { filter: filter ?? { op: 'and', conditions: [] } },
        errors: 'inline',
      });
      message.success(t('webhooks.filterSaved'));
      await onSaved();
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Flex vertical gap={8} data-testid="webhook-filter-editor">
      <FilterPanel fields={fields} filter={filter} delay={0} width="100%" onChange={setFilter} />
      <Button
        size="small"
        type="primary"
        loading={saving}
        onClick={() => void save()}
        style={{ alignSelf: 'flex-end' }}
        data-testid="webhook-filter-save"
      >
        {t('webhooks.saveFilter')}
      </Button>
    </Flex>
  );
}
