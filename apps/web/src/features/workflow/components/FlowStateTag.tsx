import { InstanceState } from '@canopy/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<number, string> = {
  [InstanceState.Initiated]: 'default',
  [InstanceState.Starting]: 'processing',
  [InstanceState.Running]: 'processing',
  [InstanceState.Finishing]: 'processing',
  [InstanceState.Finished]: 'success',
  [InstanceState.Canceled]: 'default',
  // Waiting for the originator to correct and resubmit: their move, not the approvers'.
  [InstanceState.Returned]: 'warning',
  [InstanceState.Terminate]: 'error',
};

/** Spec §3 instance states in words; a finished flow says whether it was approved or rejected. */
export function flowStateKey(state: number | null | undefined, result?: string) {
  if (state === null || state === undefined) return 'workflow.state.none' as const;
  if (state === InstanceState.Finished && result === 'rejected') return 'workflow.state.rejected' as const;
  if (state === InstanceState.Finished && result === 'approved') return 'workflow.state.approved' as const;
  const known = ['0', '1', '2', '3', '4', '5', '6', '7'] as const;
  const key = known.find((k) => k === String(state));
  return key ? (`workflow.state.${key}` as const) : ('workflow.state.none' as const);
}

export function FlowStateTag({ state, result }: { state: number | null | undefined; result?: string }) {
  const { t } = useTranslation();
  if (state === null || state === undefined) return null;
  const color = state === InstanceState.Finished && result === 'rejected' ? 'warning' : (COLORS[state] ?? 'default');
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }} data-testid="flow-state">
      {t(flowStateKey(state, result))}
    </Tag>
  );
}
