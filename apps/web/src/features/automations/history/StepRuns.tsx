import type { AutomationStepRun } from '@canopy/contract';
import { Collapse, Descriptions, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RunStatusTag } from './RunStatusTag';
import { StepEffect } from './StepEffect';

/** JSON as a reader sees it: indented, scrolled when long. */
export function JsonBlock({ value, testId }: { value: unknown; testId?: string }) {
  return (
    <pre
      style={{
        margin: 0,
        maxHeight: 240,
        overflow: 'auto',
        background: '#fafafa',
        padding: 8,
        borderRadius: 6,
        fontSize: 12,
      }}
      data-testid={testId}
    >
      {value === undefined ? '—' : JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** Each step of a run or a test run: its kind, status, duration, input, output and error. */
export function StepRuns({ steps, testId }: { steps: AutomationStepRun[]; testId: string }) {
  const { t } = useTranslation();
  if (!steps.length) return <Empty description={t('automations.history.noSteps')} />;
  return (
    <Collapse
      data-testid={testId}
      defaultActiveKey={steps.filter((s) => s.status === 'failed').map((s) => s.path)}
      items={steps.map((s) => ({
        key: s.path,
        label: (
          <Flex gap={8} align="center" wrap data-testid={`step-run-${s.stepId}`}>
            <Typography.Text strong>
              {t(`automations.stepKind.${s.kind}`, { defaultValue: s.kind })} · {s.path}
            </Typography.Text>
            <RunStatusTag status={s.status} />
            <Typography.Text type="secondary">
              {t('automations.history.duration', { ms: s.durationMs })}
            </Typography.Text>
          </Flex>
        ),
        children: (
          <Descriptions column={1} size="small" styles={{ label: { width: 72 } }}>
            {s.status !== 'failed' && (
              <Descriptions.Item label={t('automations.history.effect')}>
                <StepEffect kind={s.kind} input={s.input} output={s.output} />
              </Descriptions.Item>
            )}
            {s.error && (
              <Descriptions.Item label={t('automations.history.error')}>
                <Typography.Text type="danger" data-testid="step-error">
                  {s.error}
                </Typography.Text>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('automations.history.input')}>
              <JsonBlock value={s.input} testId="step-input" />
            </Descriptions.Item>
            <Descriptions.Item label={t('automations.history.output')}>
              <JsonBlock value={s.output} testId="step-output" />
            </Descriptions.Item>
          </Descriptions>
        ),
      }))}
    />
  );
}
