import type { ApproveNode, CommentConfiguration, FieldInfo, FillNode, OptionalAction } from '@canopy/contract';
import { Checkbox, Divider, Flex, Form, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALL_ACTIONS } from './node-factory';
import { ParticipantsEditor, TASK_RULE_KINDS } from './ParticipantsEditor';

type TaskNode = ApproveNode | FillNode;
type Settings = TaskNode['settings'];

interface Props {
  node: TaskNode;
  fields: FieldInfo[];
  onChange: (settings: Settings) => void;
}

/** Who does an approve or fill step and how their decisions count. */
export function TaskPeopleForm({ node, fields, onChange }: Props) {
  const { t } = useTranslation();
  const s = node.settings;
  const set = (patch: Partial<Settings>) => onChange({ ...s, ...patch } as Settings);
  const approve = node.type === 'approve';
  const modes = approve ? (['any', 'all', 'sequence', 'percent'] as const) : (['any', 'all', 'sequence'] as const);
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={approve ? t('workflow.drawer.approvers') : t('workflow.drawer.fillers')} required>
        <ParticipantsEditor
          value={s.participants}
          onChange={(participants) => set({ participants })}
          fields={fields}
          kinds={TASK_RULE_KINDS}
        />
      </Form.Item>
      <Form.Item label={approve ? t('workflow.drawer.mode') : t('workflow.drawer.fillMode')}>
        <Radio.Group value={s.mode} onChange={(e) => set({ mode: e.target.value })} data-testid="wf-mode">
          <Flex vertical gap={8}>
            {modes.map((mode) => (
              <Radio key={mode} value={mode} data-testid={`wf-mode-${mode}`}>
                {t(`workflow.mode.${mode}`)}
                <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
                  {t(`workflow.modeHint.${mode}`)}
                </Typography.Text>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
        {s.mode === 'percent' && (
          <Flex align="center" gap={8} style={{ marginTop: 8, marginInlineStart: 24 }}>
            <Typography.Text>{t('workflow.drawer.percentLabel')}</Typography.Text>
            <InputNumber
              min={1}
              max={100}
              value={s.percent ?? 50}
              onChange={(v) => set({ percent: v ?? 50 })}
              suffix="%"
              style={{ width: 110 }}
            />
          </Flex>
        )}
      </Form.Item>
      <Form.Item label={t('workflow.drawer.whenEmpty')}>
        <Select
          value={s.whenEmpty}
          onChange={(whenEmpty) => set({ whenEmpty })}
          options={(['pass', 'appOwner', 'error'] as const).map((v) => ({
            value: v,
            label: t(`workflow.whenEmpty.${v}`),
          }))}
        />
      </Form.Item>
      <Form.Item>
        <Checkbox checked={s.skipRepeated === true} onChange={(e) => set({ skipRepeated: e.target.checked })}>
          {t('workflow.drawer.skipRepeated')}
        </Checkbox>
      </Form.Item>
      {node.type === 'approve' && (
        <Form.Item label={t('workflow.drawer.rejectTo')}>
          <Radio.Group
            value={node.settings.rejectTo}
            onChange={(e) => onChange({ ...node.settings, rejectTo: e.target.value })}
            options={[
              { value: 'originator', label: t('workflow.rejectTo.originator') },
              { value: 'end', label: t('workflow.rejectTo.end') },
            ]}
          />
        </Form.Item>
      )}
    </Form>
  );
}

function CommentRow({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: CommentConfiguration;
  onChange: (v: CommentConfiguration) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={16} data-testid={testId}>
      <Typography.Text style={{ width: 72 }}>{label}</Typography.Text>
      <Checkbox
        checked={value.enableComment}
        onChange={(e) => onChange({ enableComment: e.target.checked, required: e.target.checked && value.required })}
      >
        {t('workflow.comment.enable')}
      </Checkbox>
      <Checkbox
        checked={value.required}
        disabled={!value.enableComment}
        onChange={(e) => onChange({ ...value, required: e.target.checked })}
        data-testid={`${testId}-required`}
      >
        {t('workflow.comment.required')}
      </Checkbox>
    </Flex>
  );
}

/** Comments, the actions offered besides the main ones, and the revert/terminate switches. */
export function TaskAdvancedForm({ node, onChange }: Omit<Props, 'fields'>) {
  const { t } = useTranslation();
  const s = node.settings;
  const set = (patch: Partial<Settings>) => onChange({ ...s, ...patch } as Settings);
  const approve = node.type === 'approve';
  return (
    <Flex vertical gap={12}>
      <Typography.Text strong>{t('workflow.comment.title')}</Typography.Text>
      <CommentRow
        label={approve ? t('workflow.comment.onApprove') : t('workflow.comment.onSubmit')}
        value={s.comment.approve}
        onChange={(approveComment) => set({ comment: { ...s.comment, approve: approveComment } })}
        testId="wf-comment-approve"
      />
      {approve && (
        <CommentRow
          label={t('workflow.comment.onReject')}
          value={s.comment.reject}
          onChange={(reject) => set({ comment: { ...s.comment, reject } })}
          testId="wf-comment-reject"
        />
      )}
      <Divider style={{ margin: '8px 0' }} />
      <Typography.Text strong>{t('workflow.drawer.actions')}</Typography.Text>
      <Checkbox.Group
        value={s.actions}
        onChange={(actions) => set({ actions: actions as OptionalAction[] })}
        options={ALL_ACTIONS.map((a) => ({
          value: a,
          label: t(`workflow.action.${a}`),
          disabled: a === 'revert' && s.closeRevert,
        }))}
        data-testid="wf-actions"
      />
      <Divider style={{ margin: '8px 0' }} />
      <Flex align="center" justify="space-between">
        <span>
          <Typography.Text>{t('workflow.drawer.closeRevert')}</Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('workflow.drawer.closeRevertHint')}
          </Typography.Text>
        </span>
        <Switch
          checked={s.closeRevert}
          onChange={(closeRevert) => set({ closeRevert })}
          aria-label={t('workflow.drawer.closeRevert')}
          data-testid="wf-close-revert"
        />
      </Flex>
      <Flex align="center" justify="space-between">
        <span>
          <Typography.Text>{t('workflow.drawer.closeTerminate')}</Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('workflow.drawer.closeTerminateHint')}
          </Typography.Text>
        </span>
        <Switch
          checked={s.closeTerminate}
          onChange={(closeTerminate) => set({ closeTerminate })}
          aria-label={t('workflow.drawer.closeTerminate')}
          data-testid="wf-close-terminate"
        />
      </Flex>
    </Flex>
  );
}
