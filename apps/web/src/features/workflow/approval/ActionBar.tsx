import type { CommentConfiguration, ViewContext } from '@canopy/contract';
import { App, Button, Flex, Form, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberPicker } from '../../members/components/MemberPicker';
import type { FormActions } from '../../tables/records/RecordForm';
import { actionApi, itemRef } from '../api/workflow-api';
import { ChooseParticipants, unchosen } from '../components/ChooseParticipants';
import { type ActionCode, useFlowAction } from '../hooks/useFlowAction';
import { AddSignerDialog } from './AddSignerDialog';
import { CommentBox } from './CommentBox';
import { type Mentioned, mentionedIn } from './mentions';
import { offeredActions } from './offered-actions';
import { RevertDialog } from './RevertDialog';

interface Props {
  context: ViewContext;
  /** The flow's start node (reverting there sends the flow back to the originator). */
  startCode: string;
  /** The form's values (absent when there is no record to show). */
  form?: FormActions | undefined;
  tableKey: readonly unknown[];
  onChanged: () => Promise<void> | void;
}

type Dialog = 'revert' | 'transfer' | 'cc' | 'addSigner' | null;

/**
 * The actions this work item allows, with the comment box as the node's comment settings say.
 * Revert and resume never show when closeRevert is set, terminate never when closeTerminate is
 * set (spec §5); destructive actions ask first.
 */
export function ActionBar({ context, startCode, form, tableKey, onChanged }: Props) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [comment, setComment] = useState('');
  const [mentioned, setMentioned] = useState<Mentioned[]>([]);
  const [commentError, setCommentError] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const { busy, run } = useFlowAction(tableKey, {
    onCommentError: setCommentError,
    onFormError: (error) => form?.fail(error),
    onChanged: async () => {
      setComment('');
      setMentioned([]);
      await onChanged();
    },
  });

  const codes = offeredActions(context);
  const has = (code: ActionCode) => codes.includes(code);
  const { enableComment, required, reject } = context.commentConfiguration;
  const approveConfig: CommentConfiguration = { enableComment, required };
  const showComment = enableComment || reject.enableComment || has('comment');
  const workItemId = context.workItem?.workItemId ?? '';
  const instanceId = context.instance.instanceId;

  /** The comment an action sends under its comment rule, or null when a required one is missing. */
  const commentFor = (config: CommentConfiguration | null): { comment?: string } | null => {
    const text = comment.trim();
    setCommentError('');
    if (config?.required && !text) {
      setCommentError(t('workflow.approval.commentRequired'));
      return null;
    }
    if (config && !config.enableComment) return {};
    return text ? { comment: text } : {};
  };
  /** The fields this node lets the asker edit, checked (null: the form shows what is wrong). */
  const values = (requireFields: boolean): { data?: Record<string, unknown>; recordVersion?: number } | null => {
    if (!form) return {};
    const checked = form.collect({ required: requireFields });
    if (!checked) return null;
    return Object.keys(checked.data).length ? { data: checked.data, recordVersion: checked.version } : {};
  };

  const decide = (code: 'approve' | 'reject' | 'submit' | 'save') => {
    const c = code === 'save' ? {} : commentFor(code === 'reject' ? reject : approveConfig);
    if (!c) return;
    const v = values(code === 'approve' || code === 'submit');
    if (!v) return;
    if (code === 'submit') {
      const lacking = unchosen(context.chooseParticipants, chosen);
      setMissing(lacking);
      if (lacking.length) return;
    }
    const workItem = itemRef(workItemId);
    const go = () =>
      run(code, () => {
        if (code === 'approve') return actionApi.approve({ workItem, ...c, ...v });
        if (code === 'reject') return actionApi.reject({ workItem, ...c, ...v });
        if (code === 'save')
          return actionApi.save({
            workItem,
            data: v.data ?? {},
            ...(v.recordVersion ? { recordVersion: v.recordVersion } : {}),
          });
        return actionApi.submit({
          workItem,
          ...c,
          ...v,
          ...(Object.keys(chosen).length ? { chosenParticipants: chosen } : {}),
        });
      });
    if (code === 'reject')
      modal.confirm({
        title: t('workflow.approval.rejectConfirm'),
        okButtonProps: { danger: true },
        okText: t('workflow.action.reject'),
        onOk: go,
      });
    else void go();
  };

  const confirmInstance = (code: 'withdraw' | 'terminate') =>
    modal.confirm({
      title: t(code === 'withdraw' ? 'workflow.approval.withdrawConfirm' : 'workflow.approval.terminateConfirm'),
      content: t(code === 'withdraw' ? 'workflow.approval.withdrawHint' : 'workflow.approval.terminateHint'),
      okText: t(`workflow.action.${code}`),
      okButtonProps: { danger: true, ...({ 'data-testid': `confirm-${code}` } as Record<`data-${string}`, string>) },
      onOk: () => {
        const text = comment.trim();
        return run(code, () =>
          code === 'withdraw'
            ? actionApi.withdraw(instanceId, text || undefined)
            : actionApi.terminate(instanceId, text || undefined),
        );
      },
    });

  const button = (code: ActionCode, onClick: () => void, extra: { primary?: boolean; danger?: boolean } = {}) =>
    has(code) ? (
      <Button
        key={code}
        type={extra.primary ? 'primary' : 'default'}
        danger={extra.danger}
        loading={busy === code}
        disabled={busy !== null && busy !== code}
        onClick={onClick}
        data-testid={`wf-action-${code}`}
      >
        {t(`workflow.action.${code}`)}
      </Button>
    ) : null;

  if (!codes.length) return null;
  return (
    <div
      style={{
        position: 'sticky',
        bottom: 0,
        background: '#fff',
        borderTop: '1px solid #f0f0f0',
        margin: '16px -24px -24px',
        padding: '12px 24px 16px',
        borderRadius: '0 0 8px 8px',
        zIndex: 3,
      }}
      data-testid="wf-action-bar"
    >
      {has('submit') && (
        <ChooseParticipants nodes={context.chooseParticipants} value={chosen} onChange={setChosen} missing={missing} />
      )}
      {showComment && (
        <Form.Item
          label={
            required || reject.required ? t('workflow.approval.commentLabel') : t('workflow.approval.commentOptional')
          }
          validateStatus={commentError ? 'error' : undefined}
          help={commentError || undefined}
          style={{ marginBottom: 12 }}
          layout="vertical"
        >
          <CommentBox
            value={comment}
            onChange={(text) => {
              setComment(text);
              if (commentError) setCommentError('');
            }}
            onMention={(member) => setMentioned((list) => [...list, member])}
            placeholder={t('workflow.approval.commentPlaceholder')}
          />
        </Form.Item>
      )}
      <Flex justify="space-between" wrap gap={8}>
        <Space wrap>
          {button('revert', () => setDialog('revert'))}
          {button('resume', () =>
            modal.confirm({
              title: t('workflow.approval.resumeConfirm'),
              content: t('workflow.approval.resumeHint'),
              onOk: () => run('resume', () => actionApi.resume(workItemId, comment.trim() || undefined)),
            }),
          )}
          {button('transfer', () => setDialog('transfer'))}
          {button('addSigner', () => setDialog('addSigner'))}
          {button('cc', () => setDialog('cc'))}
          {button('comment', () => {
            if (!comment.trim()) return setCommentError(t('workflow.approval.commentRequired'));
            const mentions = mentionedIn(comment, mentioned);
            void run('comment', () => actionApi.comment(instanceId, comment.trim(), workItemId || undefined, mentions));
          })}
          {button('withdraw', () => confirmInstance('withdraw'))}
          {button('terminate', () => confirmInstance('terminate'), { danger: true })}
        </Space>
        <Space wrap>
          {button('save', () => decide('save'))}
          {button('reject', () => decide('reject'), { danger: true })}
          {button('submit', () => decide('submit'), { primary: true })}
          {button('approve', () => decide('approve'), { primary: true })}
          {button('read', () => void run('read', () => actionApi.read(workItemId)), { primary: true })}
        </Space>
      </Flex>
      {dialog === 'revert' && (
        <RevertDialog
          context={context}
          startCode={startCode}
          busy={busy === 'revert'}
          onCancel={() => setDialog(null)}
          onOk={async (targetActivityCode, resubmit) => {
            const c = commentFor(reject);
            if (!c) return setDialog(null);
            const ok = await run('revert', () =>
              actionApi.revert({ workItem: itemRef(workItemId), targetActivityCode, resubmit, ...c }),
            );
            if (ok) setDialog(null);
          }}
        />
      )}
      <MemberPicker
        open={dialog === 'transfer'}
        mode="transfer"
        title={t('workflow.approval.transferTitle')}
        confirmLoading={busy === 'transfer'}
        onCancel={() => setDialog(null)}
        onOk={async ([to]) => {
          if (!to) return;
          const ok = await run('transfer', () =>
            actionApi.transfer({
              workItem: itemRef(workItemId),
              toMemberId: to.memberId,
              ...(comment.trim() ? { comment: comment.trim() } : {}),
            }),
          );
          if (ok) setDialog(null);
        }}
      />
      <MemberPicker
        open={dialog === 'cc'}
        title={t('workflow.approval.ccTitle')}
        confirmLoading={busy === 'cc'}
        onCancel={() => setDialog(null)}
        onOk={async (members) => {
          const ok = await run('cc', () =>
            actionApi.cc({
              workItem: itemRef(workItemId),
              memberIds: members.map((m) => m.memberId),
              ...(comment.trim() ? { comment: comment.trim() } : {}),
            }),
          );
          if (ok) setDialog(null);
        }}
      />
      {dialog === 'addSigner' && (
        <AddSignerDialog
          busy={busy === 'addSigner'}
          onCancel={() => setDialog(null)}
          onOk={async (memberIds, position) => {
            const c = position === 'after' ? commentFor(approveConfig) : commentFor(null);
            if (!c) return setDialog(null);
            const ok = await run('addSigner', () =>
              actionApi.addSigner({ workItem: itemRef(workItemId), memberIds, position, ...c }),
            );
            if (ok) setDialog(null);
          }}
        />
      )}
    </div>
  );
}
