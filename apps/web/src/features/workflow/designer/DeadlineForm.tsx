import type { ApproveNode, DeadlineSettings, FieldInfo, FillNode } from '@canopy/contract';
import { Alert, Checkbox, Flex, InputNumber, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DurationUnit, durationParts, toMinutes } from './deadline-duration';
import { ParticipantsEditor } from './ParticipantsEditor';

type TaskNode = ApproveNode | FillNode;

interface Props {
  node: TaskNode;
  fields: FieldInfo[];
  onChange: (deadline: DeadlineSettings | undefined) => void;
}

const UNITS: DurationUnit[] = ['minute', 'hour', 'day'];
/** What a newly ticked time starts at: a working day to remind, two to act. */
const DEFAULT_REMIND = 24 * 60;
const DEFAULT_ACT = 48 * 60;

function Duration({
  minutes,
  onChange,
  testId,
}: {
  minutes: number;
  onChange: (minutes: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  // The unit stays as chosen while typing (24 小时 does not turn into 1 天 under the cursor).
  const [unit, setUnit] = useState<DurationUnit>(() => durationParts(minutes).unit);
  const amount = Math.max(1, Math.round(minutes / toMinutes(1, unit)));
  return (
    <Flex gap={4} data-testid={testId}>
      <InputNumber
        min={1}
        max={unit === 'day' ? 366 : unit === 'hour' ? 366 * 24 : 366 * 24 * 60}
        precision={0}
        value={amount}
        onChange={(v) => onChange(toMinutes(v ?? 1, unit))}
        aria-label={t('workflow.deadline.amount')}
        style={{ width: 96 }}
      />
      <Select
        value={unit}
        onChange={(next: DurationUnit) => {
          setUnit(next);
          onChange(toMinutes(amount, next));
        }}
        options={UNITS.map((u) => ({ value: u, label: t(`workflow.deadline.unit.${u}`) }))}
        aria-label={t('workflow.deadline.unitLabel')}
        style={{ width: 88 }}
      />
    </Flex>
  );
}

/**
 * 时限: remind the participant after a while, then act in their place (approve or submit, reject, or
 * hand the item to someone else). Times count from the moment each work item arrives; the server
 * keeps them as timers that survive a restart, and publishing refuses settings that do not fit together.
 */
export function DeadlineForm({ node, fields, onChange }: Props) {
  const { t } = useTranslation();
  const d = node.settings.deadline ?? {};
  const approve = node.type === 'approve';
  const set = (patch: Partial<DeadlineSettings>) => {
    const next = { ...d, ...patch };
    for (const key of Object.keys(next) as (keyof DeadlineSettings)[]) if (next[key] === undefined) delete next[key];
    onChange(Object.keys(next).length ? next : undefined);
  };
  const remindOn = d.remindAfterMinutes !== undefined;
  const actOn = d.actAfterMinutes !== undefined;
  const outOfOrder = remindOn && actOn && (d.actAfterMinutes ?? 0) <= (d.remindAfterMinutes ?? 0);
  const actions = approve ? (['approve', 'reject', 'transfer'] as const) : (['approve', 'transfer'] as const);

  return (
    <Flex vertical gap={16} data-testid="wf-deadline">
      <Typography.Text type="secondary">{t('workflow.deadline.intro')}</Typography.Text>
      <Flex vertical gap={8}>
        <Checkbox
          checked={remindOn}
          onChange={(e) => set({ remindAfterMinutes: e.target.checked ? DEFAULT_REMIND : undefined })}
          data-testid="wf-deadline-remind"
        >
          {t('workflow.deadline.remind')}
        </Checkbox>
        {remindOn && (
          <Flex align="center" gap={8} style={{ marginInlineStart: 24 }}>
            <Typography.Text>{t('workflow.deadline.after')}</Typography.Text>
            <Duration
              minutes={d.remindAfterMinutes ?? DEFAULT_REMIND}
              onChange={(remindAfterMinutes) => set({ remindAfterMinutes })}
              testId="wf-deadline-remind-after"
            />
            <Typography.Text>{t('workflow.deadline.remindTail')}</Typography.Text>
          </Flex>
        )}
      </Flex>
      <Flex vertical gap={8}>
        <Checkbox
          checked={actOn}
          onChange={(e) =>
            e.target.checked
              ? set({ actAfterMinutes: Math.max(DEFAULT_ACT, (d.remindAfterMinutes ?? 0) + 60), action: 'approve' })
              : set({ actAfterMinutes: undefined, action: undefined, transferTo: undefined })
          }
          data-testid="wf-deadline-act"
        >
          {t('workflow.deadline.act')}
        </Checkbox>
        {actOn && (
          <Flex vertical gap={8} style={{ marginInlineStart: 24 }}>
            <Flex align="center" gap={8}>
              <Typography.Text>{t('workflow.deadline.after')}</Typography.Text>
              <Duration
                minutes={d.actAfterMinutes ?? DEFAULT_ACT}
                onChange={(actAfterMinutes) => set({ actAfterMinutes })}
                testId="wf-deadline-act-after"
              />
              <Typography.Text>{t('workflow.deadline.actTail')}</Typography.Text>
            </Flex>
            <Radio.Group
              value={d.action}
              onChange={(e) =>
                set({ action: e.target.value, transferTo: e.target.value === 'transfer' ? d.transferTo : undefined })
              }
              data-testid="wf-deadline-action"
              options={actions.map((a) => ({
                value: a,
                label: t(
                  a === 'approve' && !approve ? 'workflow.deadline.action.submit' : `workflow.deadline.action.${a}`,
                ),
              }))}
            />
            {d.action === 'transfer' && (
              <Flex vertical gap={4}>
                <Typography.Text>{t('workflow.deadline.transferTo')}</Typography.Text>
                <ParticipantsEditor
                  value={d.transferTo ?? []}
                  onChange={(transferTo) => set({ transferTo })}
                  fields={fields}
                  kinds={['members', 'departments', 'roles', 'manager', 'field']}
                />
              </Flex>
            )}
          </Flex>
        )}
      </Flex>
      {outOfOrder && (
        <Alert type="warning" showIcon message={t('workflow.deadline.order')} data-testid="wf-deadline-order" />
      )}
    </Flex>
  );
}
