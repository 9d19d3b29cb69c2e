import type { FieldInfo, FormLayout, RecordItem, StartContext } from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shell/session/session-context';
import { RecordForm } from '../../tables/records/RecordForm';
import { workflowApi, workflowKeys } from '../api/workflow-api';
import { ApproverChain } from './ApproverChain';
import { ChooseParticipants, StartHint, unchosen } from './ChooseParticipants';

interface Props {
  p: { appCode: string; schemaCode: string };
  tableKey: readonly unknown[];
  fields: FieldInfo[];
  layout: FormLayout;
  start: StartContext;
  onDone: (record: RecordItem) => void;
}

/**
 * A new record of a table with a published flow: the form as the start node shows it, the approver
 * chain its values lead to, 暂存 (a draft the originator submits later) and 提交 (into the flow at once).
 */
export function FlowStartForm({ p, tableKey, fields, layout, start, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const engineCode = useSession().current?.engineCode ?? '';
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [pending, setPending] = useState<'draft' | 'submit' | null>(null);

  return (
    <RecordForm
      p={p}
      tableKey={tableKey}
      fields={fields}
      layout={layout}
      flowRules={start.fieldRules}
      header={
        <>
          <StartHint />
          <ChooseParticipants nodes={start.chooseParticipants} value={chosen} onChange={setChosen} missing={missing} />
        </>
      }
      actions={(form) => {
        const go = async (draft: boolean) => {
          const checked = form.collect({ required: !draft });
          const lacking = draft ? [] : unchosen(start.chooseParticipants, chosen);
          setMissing(lacking);
          if (!checked || lacking.length) return;
          form.setBusy(true);
          setPending(draft ? 'draft' : 'submit');
          try {
            const result = await workflowApi.start({
              appCode: p.appCode,
              schemaCode: p.schemaCode,
              data: checked.data,
              ...(draft ? { draft: true } : {}),
              ...(Object.keys(chosen).length ? { chosenParticipants: chosen } : {}),
            });
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: tableKey }),
              queryClient.invalidateQueries({ queryKey: workflowKeys.instances(engineCode) }),
            ]);
            message.success(draft ? t('workflow.record.drafted') : t('workflow.record.submitted'));
            onDone(result.record);
          } catch (error) {
            form.fail(error);
          } finally {
            form.setBusy(false);
            setPending(null);
          }
        };
        return (
          <>
            <ApproverChain p={p} chosen={chosen} />
            <Flex justify="flex-end">
              <Space>
                <Button
                  onClick={() => void go(true)}
                  loading={pending === 'draft'}
                  disabled={form.busy}
                  data-testid="record-save-draft"
                >
                  {t('workflow.record.saveDraft')}
                </Button>
                <Button
                  type="primary"
                  onClick={() => void go(false)}
                  loading={pending === 'submit'}
                  disabled={form.busy}
                  data-testid="record-submit"
                >
                  {t('workflow.record.submit')}
                </Button>
              </Space>
            </Flex>
          </>
        );
      }}
    />
  );
}
