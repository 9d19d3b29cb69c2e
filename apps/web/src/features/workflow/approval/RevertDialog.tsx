import type { ViewContext } from '@canopy/contract';
import { Empty, Form, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  context: ViewContext;
  /** The start node's id: going back there means back to the originator. */
  startCode: string;
  busy: boolean;
  onCancel: () => void;
  onOk: (targetActivityCode: string, resubmit: 'rerun' | 'direct') => void;
}

/** 退回: back to the originator or a node already passed; after resubmitting, all again or straight back here. */
export function RevertDialog({ context, startCode, busy, onCancel, onOk }: Props) {
  const { t } = useTranslation();
  const targets = context.revertTargets;
  // Back to the originator is what reverting most often means: it comes first when it is possible.
  const [target, setTarget] = useState(
    targets.find((x) => x.activityCode === startCode)?.activityCode ?? targets[0]?.activityCode ?? '',
  );
  const [resubmit, setResubmit] = useState<'rerun' | 'direct'>('rerun');
  return (
    <Modal
      open
      title={t('workflow.approval.revertTitle')}
      onCancel={onCancel}
      onOk={() => onOk(target, resubmit)}
      okText={t('workflow.action.revert')}
      okButtonProps={{
        disabled: !target,
        loading: busy,
        danger: true,
        ...({ 'data-testid': 'wf-revert-ok' } as Record<`data-${string}`, string>),
      }}
      destroyOnHidden
    >
      {targets.length === 0 ? (
        <Empty description={t('workflow.approval.noRevertTargets')} />
      ) : (
        <Form layout="vertical" component="div" data-testid="wf-revert-dialog">
          <Form.Item label={t('workflow.approval.revertTarget')}>
            <Select
              value={target}
              onChange={setTarget}
              options={targets.map((x) => ({
                value: x.activityCode,
                label:
                  x.activityCode === startCode
                    ? t('workflow.approval.revertOriginator', { name: context.instance.originator.name })
                    : x.activityName,
              }))}
              data-testid="wf-revert-target"
            />
          </Form.Item>
          <Form.Item label={t('workflow.approval.revertResubmit')}>
            <Radio.Group
              value={resubmit}
              onChange={(e) => setResubmit(e.target.value)}
              options={[
                { value: 'rerun', label: t('workflow.approval.revertRerun') },
                { value: 'direct', label: t('workflow.approval.revertDirect') },
              ]}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
