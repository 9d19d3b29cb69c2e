import type { AutomationDefinition, AutomationItem, AutomationStepRun } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { tablesApi } from '../../tables/api/tables-api';
import { automationsApi } from '../api/automations-api';
import { triggerTable } from '../designer/kinds';
import { RunStatusTag } from './RunStatusTag';
import { StepRuns } from './StepRuns';

interface Props {
  item: AutomationItem;
  definition: AutomationDefinition;
  unsaved: boolean;
  onSave: () => Promise<unknown>;
  onClose: () => void;
}

type Outcome = { status: string; error: string | null; steps: AutomationStepRun[] };

/**
 * A test run of the saved draft against a chosen record (or a webhook body): what each step would
 * write and send. The server rolls everything back; nothing is committed or sent.
 */
export function TestRunDialog({ item, definition, unsaved, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const { appCode } = useAppWorkspace();
  const schemaCode = triggerTable(definition.trigger);
  const [recordId, setRecordId] = useState<string | undefined>();
  const [body, setBody] = useState('{}');
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const records = useQuery({
    queryKey: ['automations', appCode, 'test-records', schemaCode],
    queryFn: () => tablesApi.records({ appCode, schemaCode }),
    enabled: !!schemaCode,
  });
  const needsRecord = !!schemaCode;
  const isWebhook = definition.trigger.kind === 'webhook';
  let parsedBody: unknown;
  let badBody = false;
  try {
    parsedBody = JSON.parse(body || 'null');
  } catch {
    badBody = true;
  }

  const run = async () => {
    setRunning(true);
    setError(null);
    setOutcome(null);
    try {
      if (unsaved) await onSave();
      setOutcome(
        await automationsApi.test(
          { appCode, automationId: item.id },
          needsRecord ? { recordId } : isWebhook ? { body: parsedBody } : {},
        ),
      );
    } catch (e) {
      setError(errorText(e));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      open
      width={760}
      title={t('automations.test.title')}
      onCancel={onClose}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button
            type="primary"
            onClick={run}
            loading={running}
            disabled={(needsRecord && !recordId) || (isWebhook && badBody)}
            data-testid="au-test-run"
          >
            {unsaved ? t('automations.test.saveAndRun') : t('automations.test.run')}
          </Button>
        </Flex>
      }
      destroyOnHidden
    >
      <div data-testid="au-test-dialog">
        <Typography.Paragraph type="secondary">{t('automations.test.intro')}</Typography.Paragraph>
        <Form layout="vertical" requiredMark={false}>
          {needsRecord && (
            <Form.Item label={t('automations.test.record')} htmlFor="au-test-record">
              <Select
                id="au-test-record"
                showSearch={{ optionFilterProp: 'label' }}
                loading={records.isPending}
                value={recordId}
                onChange={setRecordId}
                placeholder={t('automations.test.pickRecord')}
                options={(records.data?.resultList ?? []).map((r) => ({ value: r.id, label: r.title || r.id }))}
                notFoundContent={t('automations.test.noRecords')}
                data-testid="au-test-record"
              />
            </Form.Item>
          )}
          {isWebhook && (
            <Form.Item
              label={t('automations.test.body')}
              htmlFor="au-test-body"
              validateStatus={badBody ? 'error' : undefined}
              help={badBody ? t('automations.badJson') : undefined}
            >
              <Input.TextArea
                id="au-test-body"
                value={body}
                onChange={(e) => setBody(e.target.value)}
                autoSize={{ minRows: 3, maxRows: 10 }}
                style={{ fontFamily: 'monospace' }}
              />
            </Form.Item>
          )}
        </Form>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        {outcome && (
          <Flex vertical gap={12} data-testid="au-test-result">
            <Alert
              type={outcome.status === 'failed' ? 'error' : 'success'}
              showIcon
              title={
                <Flex gap={8} align="center">
                  <RunStatusTag status={outcome.status} />
                  {outcome.error ?? t('automations.test.nothingCommitted')}
                </Flex>
              }
              description={outcome.error ? t('automations.test.nothingCommitted') : undefined}
            />
            <StepRuns steps={outcome.steps} testId="au-test-steps" />
          </Flex>
        )}
      </div>
    </Modal>
  );
}
