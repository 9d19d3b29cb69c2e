import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Form, Skeleton, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shell/session/session-context';
import { useDebouncedValue } from '../../members/hooks/useDebouncedValue';
import { workflowApi, workflowKeys } from '../api/workflow-api';
import { pathItems, useStepText } from './PathSteps';

interface Props {
  p: { appCode: string; schemaCode: string };
  chosen: Record<string, string[]>;
}

/**
 * The approver chain of a new record (as 钉钉 shows it under the form): the server follows the
 * published flow with the values entered so far, as the start node lets the member write them, and
 * the chain follows as they type. Rendered inside the record form (it reads the form's values).
 */
export function ApproverChain({ p, chosen }: Props) {
  const { t } = useTranslation();
  const engineCode = useSession().current?.engineCode ?? '';
  const form = Form.useFormInstance();
  const values = Form.useWatch((all: Record<string, unknown>) => all, { form, preserve: true });
  // JSON text: the form hands out a new object on every change, the question only changes with the values.
  const asked = useDebouncedValue(JSON.stringify({ data: values ?? {}, chosen }), 400);
  const stepText = useStepText();
  const path = useQuery({
    queryKey: [...workflowKeys.preview(engineCode, p.appCode, p.schemaCode), asked],
    queryFn: () => {
      const { data, chosen: picked } = JSON.parse(asked) as { data: Record<string, unknown>; chosen: typeof chosen };
      return workflowApi.previewPath({
        ...p,
        data,
        ...(Object.keys(picked).length ? { chosenParticipants: picked } : {}),
      });
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

  let body: ReactNode;
  if (path.isError) body = <Alert type="warning" showIcon title={t('workflow.path.failed')} />;
  else if (!path.data)
    body = <Skeleton active paragraph={{ rows: 2 }} title={false} aria-label={t('workflow.path.loading')} />;
  else if (!path.data.steps.length && !path.data.undecided)
    body = <Typography.Text type="secondary">{t('workflow.path.empty')}</Typography.Text>;
  else body = <Timeline items={pathItems(path.data, stepText, t('workflow.path.undecided'))} />;

  return (
    <section
      aria-labelledby="approver-chain-title"
      aria-busy={path.isFetching}
      style={{ margin: '8px 0 16px', padding: '12px 16px 4px', background: '#fafafa', borderRadius: 8 }}
      data-testid="approver-chain"
    >
      <Typography.Title level={5} id="approver-chain-title" style={{ marginTop: 0 }}>
        {t('workflow.path.title')}
      </Typography.Title>
      {body}
    </section>
  );
}
