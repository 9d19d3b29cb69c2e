import { AutomationLimits, type AutomationTrigger } from '@canopy/contract';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RolesInput } from './RecipientFields';
import { TableSelect } from './TriggerForm';

type Button = Extract<AutomationTrigger, { kind: 'button' }>;

/**
 * A button on the table's records (grid row menu, record detail): its label, the question asked
 * before it runs, and the app roles that see it (none: everyone who sees the record).
 */
export function ButtonTrigger({ trigger, onChange }: { trigger: Button; onChange: (t: AutomationTrigger) => void }) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const set = (next: Button) => {
    setTouched(true);
    onChange(next);
  };
  const noLabel = touched && !trigger.label.trim();
  return (
    <>
      <TableSelect
        value={trigger.schemaCode}
        onChange={(schemaCode) => set({ ...trigger, schemaCode })}
        testId="trigger-table"
      />
      <Form.Item
        label={t('automations.button.label')}
        htmlFor="button-label"
        required
        validateStatus={noLabel ? 'error' : undefined}
        help={noLabel ? t('automations.button.labelRequired') : undefined}
      >
        <Input
          id="button-label"
          value={trigger.label}
          maxLength={AutomationLimits.buttonLabelMax}
          showCount
          onChange={(e) => set({ ...trigger, label: e.target.value })}
          data-testid="button-label"
        />
      </Form.Item>
      <Form.Item
        label={t('automations.button.confirm')}
        htmlFor="button-confirm"
        extra={t('automations.button.confirmHint')}
      >
        <Input.TextArea
          id="button-confirm"
          value={trigger.confirm ?? ''}
          maxLength={AutomationLimits.buttonConfirmMax}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          onChange={(e) => {
            const { confirm: _old, ...rest } = trigger;
            set(e.target.value ? { ...rest, confirm: e.target.value } : rest);
          }}
          data-testid="button-confirm"
        />
      </Form.Item>
      <Form.Item label={t('automations.button.roles')} htmlFor="button-roles" extra={t('automations.button.rolesHint')}>
        <RolesInput
          id="button-roles"
          value={trigger.roles ?? []}
          onChange={(roles) => {
            const { roles: _old, ...rest } = trigger;
            set(roles.length ? { ...rest, roles } : rest);
          }}
          testId="button-roles"
        />
      </Form.Item>
    </>
  );
}
