import type { AutomationStep, FilterGroup, SortSpec } from '@canopy/contract';
import { AutomationLimits } from '@canopy/contract';
import { Alert, Flex, Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDesigner } from './designer-context';
import { FilterField } from './FilterField';
import { JsonSettings } from './JsonSettings';
import { OUTSIDE_EFFECT_KINDS } from './kinds';
import { ApprovalForm, CodeForm, MailForm, WecomRobotForm } from './MoreStepForms';
import { DelayForm, HttpForm, LetterForm } from './OutsideStepForms';
import type { AnyStep } from './step-tree';
import { TableSelect } from './TriggerForm';
import { ValuesEditor } from './ValuesEditor';
import { TemplateInput } from './VariablePicker';

type Of<K extends AutomationStep['kind']> = Extract<AutomationStep, { kind: K }>;
export interface StepFormProps<S = AnyStep> {
  step: S;
  onChange: (step: AnyStep) => void;
}

/** A step's settings by its kind; a kind without a form here is edited as JSON. */
export function StepForm({ step, onChange }: StepFormProps) {
  const { t } = useTranslation();
  return (
    <Form layout="vertical" requiredMark={false} data-testid={`step-form-${step.kind}`}>
      {OUTSIDE_EFFECT_KINDS.has(step.kind) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('automations.step.atLeastOnce')}
          description={t('automations.step.atLeastOnceHint')}
          data-testid="at-least-once"
        />
      )}
      <Settings step={step} onChange={onChange} />
    </Form>
  );
}

function Settings({ step, onChange }: StepFormProps) {
  const s = step as AutomationStep;
  switch (s.kind) {
    case 'createRecord':
    case 'updateRecord':
    case 'deleteRecord':
      return <RecordStepForm step={s} onChange={onChange} />;
    case 'condition':
      return <ConditionForm step={s} onChange={onChange} />;
    case 'findRecords':
      return <FindForm step={s} onChange={onChange} />;
    case 'sendLetter':
      return <LetterForm step={s} onChange={onChange} />;
    case 'http':
      return <HttpForm step={s} onChange={onChange} />;
    case 'delay':
      return <DelayForm step={s} onChange={onChange} />;
    case 'sendMail':
      return <MailForm step={s} onChange={onChange} />;
    case 'startApproval':
      return <ApprovalForm step={s} onChange={onChange} />;
    case 'code':
      return <CodeForm step={s} onChange={onChange} />;
    case 'wecomRobot':
      return <WecomRobotForm step={s} onChange={onChange} />;
    default:
      return <JsonSettings value={step} onChange={(v) => onChange({ ...(v as AnyStep), id: step.id })} />;
  }
}

function RecordStepForm({
  step,
  onChange,
}: StepFormProps<Of<'createRecord'> | Of<'updateRecord'> | Of<'deleteRecord'>>) {
  const { t } = useTranslation();
  const { fieldsOf, variablesFor } = useDesigner();
  const variables = variablesFor(step.id);
  const setTable = (schemaCode: string) =>
    onChange(step.kind === 'deleteRecord' ? { ...step, schemaCode } : { ...step, schemaCode, values: {} });
  return (
    <>
      <TableSelect value={step.schemaCode} onChange={setTable} testId="step-table" />
      {step.kind !== 'createRecord' && (
        <Form.Item label={t('automations.step.recordId')} extra={t('automations.step.recordIdHint')}>
          <TemplateInput
            value={step.recordId}
            onChange={(recordId) => onChange({ ...step, recordId })}
            variables={variables}
            label={t('automations.step.recordId')}
            testId="step-record-id"
          />
        </Form.Item>
      )}
      {step.kind !== 'deleteRecord' && (
        <Form.Item label={t('automations.step.values')}>
          <ValuesEditor
            fields={fieldsOf(step.schemaCode)}
            values={step.values}
            onChange={(values) => onChange({ ...step, values })}
            variables={variables}
          />
        </Form.Item>
      )}
    </>
  );
}

function ConditionForm({ step, onChange }: StepFormProps<Of<'condition'>>) {
  const { t } = useTranslation();
  const { fieldsOf, variablesFor } = useDesigner();
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('automations.step.conditionHint')} />
      <TableSelect
        value={step.schemaCode}
        onChange={(schemaCode) => onChange({ ...step, schemaCode, filter: { op: 'and', conditions: [] } })}
        testId="step-table"
      />
      <Form.Item label={t('automations.step.conditionRecord')}>
        <TemplateInput
          value={step.recordId}
          onChange={(recordId) => onChange({ ...step, recordId })}
          variables={variablesFor(step.id)}
          label={t('automations.step.conditionRecord')}
          testId="step-record-id"
        />
      </Form.Item>
      <Form.Item label={t('automations.step.conditions')}>
        <FilterField
          schemaCode={step.schemaCode}
          fields={fieldsOf(step.schemaCode)}
          filter={step.filter}
          emptyText={t('automations.step.alwaysTrue')}
          onChange={(filter) => onChange({ ...step, filter: filter ?? ({ op: 'and', conditions: [] } as FilterGroup) })}
        />
      </Form.Item>
    </>
  );
}

function FindForm({ step, onChange }: StepFormProps<Of<'findRecords'>>) {
  const { t } = useTranslation();
  const { fieldsOf } = useDesigner();
  const fields = fieldsOf(step.schemaCode).filter((f) => !f.deleted);
  const sort = step.sorts?.[0];
  const setSort = (s: SortSpec | null) => {
    const { sorts: _old, ...rest } = step;
    onChange(s ? { ...rest, sorts: [s] } : rest);
  };
  return (
    <>
      <TableSelect
        value={step.schemaCode}
        onChange={(schemaCode) =>
          onChange({ id: step.id, kind: 'findRecords', schemaCode, limit: step.limit, each: step.each ?? [] })
        }
        testId="step-table"
      />
      <Form.Item label={t('automations.step.findFilter')}>
        <FilterField
          schemaCode={step.schemaCode}
          fields={fieldsOf(step.schemaCode)}
          filter={step.filter}
          emptyText={t('automations.step.everyRecord')}
          onChange={(filter) => {
            const { filter: _old, ...rest } = step;
            onChange(filter?.conditions.length ? { ...rest, filter } : rest);
          }}
        />
      </Form.Item>
      <Form.Item label={t('automations.step.sort')} htmlFor="step-sort-field">
        <Flex gap={8}>
          <Select
            id="step-sort-field"
            allowClear
            style={{ flex: 1 }}
            value={sort?.field}
            placeholder={t('automations.step.noSort')}
            onChange={(field?: string) => setSort(field ? { field, direction: sort?.direction ?? 'asc' } : null)}
            options={fields.map((f) => ({ value: f.code, label: f.name }))}
            data-testid="step-sort-field"
          />
          <Select
            aria-label={t('automations.step.sortDirection')}
            style={{ width: 120 }}
            disabled={!sort}
            value={sort?.direction ?? 'asc'}
            onChange={(direction: 'asc' | 'desc') => sort && setSort({ ...sort, direction })}
            options={[
              { value: 'asc', label: t('automations.step.asc') },
              { value: 'desc', label: t('automations.step.desc') },
            ]}
          />
        </Flex>
      </Form.Item>
      <Form.Item label={t('automations.step.limit')} htmlFor="step-limit" extra={t('automations.step.loopHint')}>
        <InputNumber
          id="step-limit"
          min={1}
          max={AutomationLimits.findMax}
          precision={0}
          value={step.limit}
          onChange={(limit) => limit && onChange({ ...step, limit })}
          data-testid="step-limit"
        />
      </Form.Item>
    </>
  );
}
