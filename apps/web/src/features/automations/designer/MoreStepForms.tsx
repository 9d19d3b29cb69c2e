import { AutomationLimits, type AutomationStep } from '@canopy/contract';
import { Alert, Checkbox, Flex, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDesigner } from './designer-context';
import { hasRecipients, RecipientFields } from './RecipientFields';
import type { StepFormProps } from './StepForm';
import { TableSelect } from './TriggerForm';
import { TemplateInput, VariablePicker } from './VariablePicker';

type Of<K extends AutomationStep['kind']> = Extract<AutomationStep, { kind: K }>;

/** Errors show once the designer has touched the form (a new step does not open in red). */
function useTouched() {
  const [touched, setTouched] = useState(false);
  return {
    touched,
    touch:
      <T,>(apply: (v: T) => void) =>
      (v: T) => {
        setTouched(true);
        apply(v);
      },
  };
}

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** A typed address the server checks when it runs: a variable (such as an email field) is taken as it comes. */
const badAddress = (a: string) => !a.includes('{{') && !ADDRESS.test(a.trim());

/** A mail: recipients as a letter's, addresses typed or from the record, a subject and a text. */
export function MailForm({ step, onChange }: StepFormProps<Of<'sendMail'>>) {
  const { t } = useTranslation();
  const { variablesFor } = useDesigner();
  const { touched, touch } = useTouched();
  const variables = variablesFor(step.id);
  const to = step.to ?? [];
  const set = touch((next: Of<'sendMail'>) => onChange(next));
  const setTo = (list: string[]) => {
    const { to: _old, ...rest } = step;
    set(list.length ? { ...rest, to: [...new Set(list.map((a) => a.trim()).filter(Boolean))] } : rest);
  };
  const nobody = !hasRecipients(step) && to.length === 0;
  const bad = to.filter(badAddress);
  return (
    <>
      <RecipientFields
        prefix="mail"
        value={step}
        onChange={set}
        missing={touched && nobody ? t('automations.mail.needsRecipient') : undefined}
      />
      <Form.Item
        label={t('automations.mail.to')}
        htmlFor="mail-to"
        validateStatus={bad.length || (touched && nobody) ? 'error' : undefined}
        help={bad.length ? t('automations.mail.badAddress', { address: bad[0] }) : t('automations.mail.toHint')}
      >
        <Flex gap={4} align="start">
          <Select
            id="mail-to"
            mode="tags"
            style={{ flex: 1, minWidth: 0 }}
            value={to}
            suffixIcon={null}
            notFoundContent={null}
            tokenSeparators={[',', ';', ' ', '，', '；']}
            placeholder={t('automations.mail.toPlaceholder')}
            onChange={setTo}
            labelRender={({ value }) => String(value)}
            data-testid="mail-to"
          />
          <VariablePicker variables={variables} onPick={(path) => setTo([...to, `{{${path}}}`])} testId="mail-to-var" />
        </Flex>
      </Form.Item>
      <Form.Item
        label={t('automations.mail.subject')}
        required
        validateStatus={touched && !step.subject.trim() ? 'error' : undefined}
        help={touched && !step.subject.trim() ? t('automations.mail.subjectRequired') : undefined}
      >
        <TemplateInput
          value={step.subject}
          onChange={(subject) => set({ ...step, subject })}
          variables={variables}
          label={t('automations.mail.subject')}
          testId="mail-subject"
        />
      </Form.Item>
      <Form.Item label={t('automations.mail.content')}>
        <TemplateInput
          multiline
          value={step.content}
          onChange={(content) => set({ ...step, content })}
          variables={variables}
          label={t('automations.mail.content')}
          testId="mail-content"
        />
      </Form.Item>
    </>
  );
}

/** Start an approval: the table whose published flow starts, and the record (usually the trigger's). */
export function ApprovalForm({ step, onChange }: StepFormProps<Of<'startApproval'>>) {
  const { t } = useTranslation();
  const { variablesFor } = useDesigner();
  const { touched, touch } = useTouched();
  const set = touch((next: Of<'startApproval'>) => onChange(next));
  const noRecord = touched && !step.recordId.trim();
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('automations.approval.hint')} />
      <TableSelect
        value={step.schemaCode}
        onChange={(schemaCode) => set({ ...step, schemaCode })}
        testId="step-table"
      />
      <Form.Item
        label={t('automations.approval.record')}
        required
        validateStatus={noRecord ? 'error' : undefined}
        help={noRecord ? t('automations.approval.recordRequired') : t('automations.step.recordIdHint')}
      >
        <TemplateInput
          value={step.recordId}
          onChange={(recordId) => set({ ...step, recordId })}
          variables={variablesFor(step.id)}
          label={t('automations.approval.record')}
          testId="step-record-id"
        />
      </Form.Item>
    </>
  );
}

/** JavaScript in the sandbox: its body reads `input` and returns JSON; a CPU limit. */
export function CodeForm({ step, onChange }: StepFormProps<Of<'code'>>) {
  const { t } = useTranslation();
  const { variablesFor } = useDesigner();
  const { touched, touch } = useTouched();
  const set = touch((next: Of<'code'>) => onChange(next));
  const [inputText, setInputText] = useState(() =>
    step.input === undefined ? '' : JSON.stringify(step.input, null, 2),
  );
  const [badInput, setBadInput] = useState(false);
  const setInput = (text: string) => {
    setInputText(text);
    const { input: _old, ...rest } = step;
    if (!text.trim()) {
      setBadInput(false);
      return set(rest);
    }
    try {
      set({ ...rest, input: JSON.parse(text) });
      setBadInput(false);
    } catch {
      setBadInput(true);
    }
  };
  const noCode = touched && !step.code.trim();
  return (
    <>
      <Form.Item
        label={t('automations.code.input')}
        validateStatus={badInput ? 'error' : undefined}
        help={badInput ? t('automations.badJson') : t('automations.code.inputHint')}
      >
        <TemplateInput
          multiline
          value={inputText}
          onChange={setInput}
          variables={variablesFor(step.id)}
          label={t('automations.code.input')}
          placeholder={'{ "amount": "{{trigger.record.data.…}}" }'}
          testId="code-input"
        />
      </Form.Item>
      <Form.Item
        label={t('automations.code.code')}
        htmlFor="code-source"
        required
        validateStatus={noCode ? 'error' : undefined}
        help={noCode ? t('automations.code.codeRequired') : t('automations.code.codeHint')}
      >
        <Input.TextArea
          id="code-source"
          value={step.code}
          onChange={(e) => set({ ...step, code: e.target.value })}
          autoSize={{ minRows: 6, maxRows: 24 }}
          maxLength={AutomationLimits.codeMax}
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
          placeholder="return { total: input.amount * 2 };"
          data-testid="code-source"
        />
      </Form.Item>
      <Form.Item label={t('automations.code.cpu')} htmlFor="code-cpu" extra={t('automations.code.cpuHint')}>
        <InputNumber
          id="code-cpu"
          min={10}
          max={AutomationLimits.codeCpuMsMax}
          precision={0}
          step={100}
          suffix={t('automations.unit.ms')}
          value={step.cpuMs ?? AutomationLimits.codeCpuMsDefault}
          onChange={(cpuMs) => cpuMs && set({ ...step, cpuMs })}
          data-testid="code-cpu"
        />
      </Form.Item>
    </>
  );
}

const ROBOT_KEY = /^[A-Za-z0-9-]{8,100}$/;
/** The server's rule (wecom-robot-step.ts): the address WeCom shows, or the key alone. */
export function robotWebhookOk(text: string): boolean {
  const v = text.trim();
  if (ROBOT_KEY.test(v)) return true;
  try {
    const url = new URL(v);
    return (
      /^https?:$/.test(url.protocol) &&
      url.pathname.endsWith('/cgi-bin/webhook/send') &&
      ROBOT_KEY.test(url.searchParams.get('key') ?? '')
    );
  } catch {
    return false;
  }
}

/** 企业微信群机器人: the robot's webhook address, text or markdown with variables, @所有人. */
export function WecomRobotForm({ step, onChange }: StepFormProps<Of<'wecomRobot'>>) {
  const { t } = useTranslation();
  const { variablesFor } = useDesigner();
  const { touched, touch } = useTouched();
  const set = touch((next: Of<'wecomRobot'>) => onChange(next));
  const badHook = touched && !robotWebhookOk(step.webhook);
  const noContent = touched && !step.content.trim();
  return (
    <>
      <Form.Item
        label={t('automations.wecom.webhook')}
        htmlFor="wecom-webhook"
        required
        validateStatus={badHook ? 'error' : undefined}
        help={badHook ? t('automations.wecom.badWebhook') : t('automations.wecom.webhookHint')}
      >
        <Input.Password
          id="wecom-webhook"
          value={step.webhook}
          onChange={(e) => set({ ...step, webhook: e.target.value })}
          placeholder="https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…"
          autoComplete="off"
          data-testid="wecom-webhook"
        />
      </Form.Item>
      <Form.Item label={t('automations.wecom.msgType')}>
        <Radio.Group
          value={step.msgType}
          onChange={(e) => {
            const { mentionAll: _old, ...rest } = step;
            set(e.target.value === 'text' ? { ...rest, msgType: 'text' } : { ...rest, msgType: 'markdown' });
          }}
          options={[
            { value: 'text', label: t('automations.wecom.text') },
            { value: 'markdown', label: t('automations.wecom.markdown') },
          ]}
          data-testid="wecom-msg-type"
        />
      </Form.Item>
      <Form.Item
        label={t('automations.wecom.content')}
        required
        validateStatus={noContent ? 'error' : undefined}
        help={
          noContent
            ? t('automations.wecom.contentRequired')
            : step.msgType === 'markdown'
              ? t('automations.wecom.markdownHint')
              : t('automations.wecom.textHint')
        }
      >
        <TemplateInput
          multiline
          value={step.content}
          onChange={(content) => set({ ...step, content })}
          variables={variablesFor(step.id)}
          label={t('automations.wecom.content')}
          testId="wecom-content"
        />
      </Form.Item>
      {step.msgType === 'text' && (
        <Form.Item>
          <Checkbox
            checked={Boolean(step.mentionAll)}
            onChange={(e) => {
              const { mentionAll: _old, ...rest } = step;
              set(e.target.checked ? { ...rest, mentionAll: true } : rest);
            }}
            data-testid="wecom-mention-all"
          >
            {t('automations.wecom.mentionAll')}
          </Checkbox>
        </Form.Item>
      )}
    </>
  );
}
