import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AutomationLimits, type AutomationStep } from '@canopy/contract';
import { Button, Flex, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDesigner } from './designer-context';
import { RecipientFields } from './RecipientFields';
import type { StepFormProps } from './StepForm';
import { TemplateInput } from './VariablePicker';

type Of<K extends AutomationStep['kind']> = Extract<AutomationStep, { kind: K }>;

/** A letter (a notification in Canopy) to members, app roles, departments and a member field. */
export function LetterForm({ step, onChange }: StepFormProps<Of<'sendLetter'>>) {
  const { t } = useTranslation();
  const { variablesFor } = useDesigner();
  const variables = variablesFor(step.id);
  return (
    <>
      <RecipientFields prefix="letter" value={step} onChange={onChange} />
      <Form.Item label={t('automations.letter.subject')} required>
        <TemplateInput
          value={step.subject}
          onChange={(subject) => onChange({ ...step, subject })}
          variables={variables}
          label={t('automations.letter.subject')}
          testId="letter-subject"
        />
      </Form.Item>
      <Form.Item label={t('automations.letter.content')}>
        <TemplateInput
          multiline
          value={step.content}
          onChange={(content) => onChange({ ...step, content })}
          variables={variables}
          label={t('automations.letter.content')}
          testId="letter-content"
        />
      </Form.Item>
    </>
  );
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** An HTTP request: method, address, headers, a JSON body with variables, a timeout. */
export function HttpForm({ step, onChange }: StepFormProps<Of<'http'>>) {
  const { t } = useTranslation();
  const { variablesFor } = useDesigner();
  const variables = variablesFor(step.id);
  const headers = Object.entries(step.headers ?? {});
  const [bodyText, setBodyText] = useState(() => (step.body === undefined ? '' : JSON.stringify(step.body, null, 2)));
  const [badBody, setBadBody] = useState(false);
  const setHeaders = (rows: [string, string][]) => onChange({ ...step, headers: Object.fromEntries(rows) });
  const setBody = (text: string) => {
    setBodyText(text);
    const { body: _old, ...rest } = step;
    if (!text.trim()) {
      setBadBody(false);
      return onChange(rest);
    }
    try {
      onChange({ ...rest, body: JSON.parse(text) });
      setBadBody(false);
    } catch {
      setBadBody(true);
    }
  };
  return (
    <>
      <Form.Item label={t('automations.http.request')} required>
        <Flex gap={8}>
          <Select
            aria-label={t('automations.http.method')}
            style={{ width: 110 }}
            value={step.method}
            onChange={(method) => onChange({ ...step, method })}
            options={METHODS.map((m) => ({ value: m, label: m }))}
            data-testid="http-method"
          />
          <div style={{ flex: 1 }}>
            <TemplateInput
              value={step.url}
              onChange={(url) => onChange({ ...step, url })}
              variables={variables}
              label={t('automations.http.url')}
              placeholder="https://"
              testId="http-url"
            />
          </div>
        </Flex>
      </Form.Item>
      <Form.Item label={t('automations.http.headers')}>
        <Flex vertical gap={6}>
          {headers.map(([k, v], i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a header row's name is what is being edited
            <Flex key={i} gap={6}>
              <Input
                aria-label={t('automations.http.headerName')}
                placeholder={t('automations.http.headerName')}
                value={k}
                style={{ width: 160 }}
                onChange={(e) => setHeaders(headers.map((h, j) => (j === i ? [e.target.value, h[1]] : h)))}
              />
              <div style={{ flex: 1 }}>
                <TemplateInput
                  value={v}
                  onChange={(val) => setHeaders(headers.map((h, j) => (j === i ? [h[0], val] : h)))}
                  variables={variables}
                  label={t('automations.http.headerValue')}
                />
              </div>
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('automations.http.removeHeader')}
                onClick={() => setHeaders(headers.filter((_, j) => j !== i))}
              />
            </Flex>
          ))}
          <Button
            icon={<PlusOutlined />}
            type="dashed"
            onClick={() => setHeaders([...headers, [`X-Header-${headers.length + 1}`, '']])}
            data-testid="http-add-header"
          >
            {t('automations.http.addHeader')}
          </Button>
        </Flex>
      </Form.Item>
      <Form.Item
        label={t('automations.http.body')}
        validateStatus={badBody ? 'error' : undefined}
        help={badBody ? t('automations.badJson') : t('automations.http.bodyHint')}
      >
        <TemplateInput
          multiline
          value={bodyText}
          onChange={setBody}
          variables={variables}
          label={t('automations.http.body')}
          testId="http-body"
        />
      </Form.Item>
      <Form.Item label={t('automations.http.timeout')} htmlFor="http-timeout">
        <InputNumber
          id="http-timeout"
          min={0.1}
          max={AutomationLimits.httpTimeoutMsMax / 1000}
          step={1}
          suffix={t('automations.unit.seconds')}
          value={(step.timeoutMs ?? AutomationLimits.httpTimeoutMsDefault) / 1000}
          onChange={(s) => s && onChange({ ...step, timeoutMs: Math.round(s * 1000) })}
          data-testid="http-timeout"
        />
      </Form.Item>
    </>
  );
}

const UNITS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
type Unit = keyof typeof UNITS;
const unitOf = (ms: number): Unit => (ms % UNITS.days === 0 ? 'days' : ms % UNITS.hours === 0 ? 'hours' : 'minutes');

/** A delay: for a duration, or until a time (a variable such as a date field). */
export function DelayForm({ step, onChange }: StepFormProps<Of<'delay'>>) {
  const { t } = useTranslation();
  const { variablesFor } = useDesigner();
  const mode = step.until !== undefined ? 'until' : 'for';
  const ms = step.ms ?? 0;
  const [unit, setUnit] = useState<Unit>(() => unitOf(ms || UNITS.hours));
  return (
    <>
      <Form.Item label={t('automations.delay.mode')}>
        <Radio.Group
          value={mode}
          onChange={(e) =>
            onChange(
              e.target.value === 'for'
                ? { id: step.id, kind: 'delay', ms: UNITS.hours }
                : { id: step.id, kind: 'delay', until: '' },
            )
          }
          options={[
            { value: 'for', label: t('automations.delay.for') },
            { value: 'until', label: t('automations.delay.until') },
          ]}
          data-testid="delay-mode"
        />
      </Form.Item>
      {mode === 'for' ? (
        <Form.Item label={t('automations.delay.duration')} htmlFor="delay-amount">
          <Flex gap={8}>
            <InputNumber
              id="delay-amount"
              min={0}
              precision={0}
              value={ms / UNITS[unit]}
              onChange={(n) =>
                onChange({ ...step, ms: Math.min(AutomationLimits.delayMsMax, Math.max(0, n ?? 0) * UNITS[unit]) })
              }
              data-testid="delay-amount"
            />
            <Select
              aria-label={t('automations.delay.unit')}
              style={{ width: 110 }}
              value={unit}
              onChange={(u: Unit) => {
                setUnit(u);
                onChange({ ...step, ms: Math.min(AutomationLimits.delayMsMax, (ms / UNITS[unit]) * UNITS[u]) });
              }}
              options={(Object.keys(UNITS) as Unit[]).map((u) => ({ value: u, label: t(`automations.unit.${u}`) }))}
            />
          </Flex>
        </Form.Item>
      ) : (
        <Form.Item label={t('automations.delay.untilTime')} extra={t('automations.delay.untilHint')}>
          <TemplateInput
            value={step.until ?? ''}
            onChange={(until) => onChange({ ...step, until })}
            variables={variablesFor(step.id)}
            label={t('automations.delay.untilTime')}
            testId="delay-until"
          />
        </Form.Item>
      )}
      <Typography.Text type="secondary">{t('automations.delay.hint')}</Typography.Text>
    </>
  );
}
