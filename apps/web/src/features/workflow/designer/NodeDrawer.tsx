import type { FieldInfo, WorkflowNode } from '@canopy/contract';
import { Button, Checkbox, Drawer, Flex, Input, Space, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionOperationsEditor } from './ActionOperationsEditor';
import { BranchEditor } from './BranchEditor';
import { DeadlineForm } from './DeadlineForm';
import { FieldRulesGrid } from './FieldRulesGrid';
import type { Branch, GroupNode } from './flow-tree';
import { NODE_VISUALS } from './node-visuals';
import { ParticipantsEditor } from './ParticipantsEditor';
import { TaskAdvancedForm, TaskPeopleForm } from './TaskSettingsForm';

/** What the drawer edits: a node, or one branch of a group. */
export type DrawerTarget = { node: WorkflowNode } | { group: GroupNode; branch: Branch };

interface Props {
  target: DrawerTarget;
  fields: FieldInfo[];
  schemaCode: string;
  readOnly: boolean;
  problem?: string | undefined;
  onApply: (target: DrawerTarget) => void;
  onClose: () => void;
}

/**
 * The side drawer of a node or branch. It edits a copy: 确定 puts it on the canvas (the draft is
 * saved with the flow), 取消 leaves the canvas as it was.
 */
export function NodeDrawer({ target, fields, schemaCode, readOnly, problem, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DrawerTarget>(target);
  const isNode = 'node' in draft;
  const name = isNode ? draft.node.name : draft.branch.name;
  const type = isNode ? draft.node.type : draft.group.type;
  const setName = (value: string) =>
    setDraft(
      isNode ? { node: { ...draft.node, name: value } } : { ...draft, branch: { ...draft.branch, name: value } },
    );

  let body: ReactNode;
  if (!isNode) {
    body = (
      <BranchEditor
        kind={draft.group.type}
        branch={draft.branch}
        fields={fields}
        onChange={(branch) => setDraft({ ...draft, branch })}
      />
    );
  } else {
    const node = draft.node;
    const set = (next: WorkflowNode) => setDraft({ node: next });
    const rules = (isStart: boolean, viewOnly = false) =>
      'fieldRules' in node.settings ? (
        <FieldRulesGrid
          fields={fields}
          value={node.settings.fieldRules}
          isStart={isStart}
          viewOnly={viewOnly}
          onChange={(fieldRules) => set({ ...node, settings: { ...node.settings, fieldRules } } as WorkflowNode)}
        />
      ) : null;
    switch (node.type) {
      case 'start':
        body = (
          <Tabs
            items={[
              { key: 'rules', label: t('workflow.drawer.tabRules'), children: rules(true) },
              {
                key: 'advanced',
                label: t('workflow.drawer.tabAdvanced'),
                children: (
                  <Checkbox
                    checked={node.settings.closeTerminate === true}
                    onChange={(e) => set({ ...node, settings: { ...node.settings, closeTerminate: e.target.checked } })}
                  >
                    {t('workflow.drawer.startCloseTerminate')}
                  </Checkbox>
                ),
              },
            ]}
          />
        );
        break;
      case 'approve':
      case 'fill':
        body = (
          <Tabs
            items={[
              {
                key: 'people',
                label: node.type === 'approve' ? t('workflow.drawer.tabApprovers') : t('workflow.drawer.tabFillers'),
                children: (
                  <TaskPeopleForm
                    node={node}
                    fields={fields}
                    onChange={(settings) => set({ ...node, settings } as WorkflowNode)}
                  />
                ),
              },
              { key: 'rules', label: t('workflow.drawer.tabRules'), children: rules(false) },
              {
                key: 'deadline',
                label: <span data-testid="wf-tab-deadline">{t('workflow.drawer.tabDeadline')}</span>,
                children: (
                  <DeadlineForm
                    node={node}
                    fields={fields}
                    onChange={(deadline) => {
                      const { deadline: _old, ...rest } = node.settings;
                      set({ ...node, settings: deadline ? { ...rest, deadline } : rest } as WorkflowNode);
                    }}
                  />
                ),
              },
              {
                key: 'advanced',
                label: t('workflow.drawer.tabAdvanced'),
                children: (
                  <TaskAdvancedForm node={node} onChange={(settings) => set({ ...node, settings } as WorkflowNode)} />
                ),
              },
            ]}
          />
        );
        break;
      case 'cc':
        body = (
          <Tabs
            items={[
              {
                key: 'people',
                label: t('workflow.drawer.tabCc'),
                children: (
                  <ParticipantsEditor
                    value={node.settings.participants}
                    onChange={(participants) => set({ ...node, settings: { ...node.settings, participants } })}
                    fields={fields}
                    kinds={['members', 'departments', 'roles', 'manager', 'field', 'originatorChoice', 'originator']}
                  />
                ),
              },
              { key: 'rules', label: t('workflow.drawer.tabRules'), children: rules(false, true) },
            ]}
          />
        );
        break;
      case 'action':
        body = (
          <ActionOperationsEditor
            value={node.settings.operations}
            onChange={(operations) => set({ ...node, settings: { operations } })}
            fields={fields}
            schemaCode={schemaCode}
          />
        );
        break;
      default:
        body = null;
    }
  }

  return (
    <Drawer
      open
      size={620}
      onClose={onClose}
      destroyOnHidden
      data-testid="wf-node-drawer"
      title={
        <Flex align="center" gap={8}>
          <span
            className="wf-add-icon"
            style={{ background: NODE_VISUALS[type].color, width: 26, height: 26, fontSize: 13 }}
          >
            {NODE_VISUALS[type].icon}
          </span>
          <Input
            variant="borderless"
            value={name}
            maxLength={64}
            readOnly={readOnly}
            onChange={(e) => setName(e.target.value)}
            aria-label={t('workflow.drawer.name')}
            style={{ fontWeight: 600, fontSize: 16, paddingInline: 4 }}
            data-testid="wf-node-name"
          />
        </Flex>
      }
      footer={
        readOnly ? null : (
          <Flex justify="flex-end">
            <Space>
              <Button onClick={onClose}>{t('common.cancel')}</Button>
              <Button type="primary" disabled={!name.trim()} onClick={() => onApply(draft)} data-testid="wf-node-apply">
                {t('common.confirm')}
              </Button>
            </Space>
          </Flex>
        )
      }
    >
      {problem && (
        <Typography.Paragraph type="danger" data-testid="wf-drawer-problem">
          {problem}
        </Typography.Paragraph>
      )}
      <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        {body}
      </fieldset>
    </Drawer>
  );
}
