import type { TodoBatchApproveResult, TodoListItem } from '@canopy/contract';
import { Alert, Button, Form, Input, List, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todosApi } from '../api/todos-api';

export type BatchAction = 'approve' | 'reject';

/** One selected to-do: its work item and how the result names it. */
export interface BatchEntry {
  workItemId: string;
  title: string;
  item: TodoListItem;
}

/**
 * 批量同意 / 批量驳回: the dialog names how many items it acts on and asks for a comment, required
 * when a selected item's node requires one; after sending it lists each item's result (the server
 * handles each in its own transaction, so some may fail while others succeed).
 */
export function BatchDialog({
  action,
  entries,
  onClose,
  onDone,
}: {
  action: BatchAction;
  entries: BatchEntry[];
  onClose: () => void;
  /** Called once the batch has run (the lists are refreshed by the caller). */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ comment?: string }>();
  const [sending, setSending] = useState(false);
  const [results, setResults] = useState<TodoBatchApproveResult['results'] | null>(null);
  const count = entries.length;
  const rules = entries.map((e) => e.item.comments?.[action]);
  const requiring = rules.filter((r) => r?.required).length;
  const refusing = rules.filter((r) => r && !r.enabled).length;

  const send = async ({ comment }: { comment?: string }) => {
    setSending(true);
    try {
      const body = { workItemIds: entries.map((e) => e.workItemId), ...(comment?.trim() ? { comment } : {}) };
      const answer = action === 'approve' ? await todosApi.batchApprove(body) : await todosApi.batchReject(body);
      setResults(answer.results);
      onDone();
    } finally {
      setSending(false);
    }
  };

  if (results) {
    const titleOf = new Map(entries.map((e) => [e.workItemId, e.title]));
    const failed = results.filter((r) => !r.ok).length;
    return (
      <Modal
        open
        title={t('pages.todos.batch.resultTitle')}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose} data-testid="todos-batch-close">
            {t('pages.todos.batch.close')}
          </Button>
        }
        data-testid="todos-batch-results"
      >
        <Alert
          type={failed ? 'warning' : 'success'}
          showIcon
          message={t('pages.todos.batch.resultSummary', { ok: results.length - failed, failed })}
          style={{ marginBottom: 12 }}
        />
        <List
          size="small"
          dataSource={results}
          renderItem={(r) => (
            <List.Item data-testid="todos-batch-result">
              <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
                <Space>
                  <Tag color={r.ok ? 'success' : 'error'}>
                    {r.ok ? t('pages.todos.batch.succeeded') : t('pages.todos.batch.failed')}
                  </Tag>
                  <Typography.Text>{titleOf.get(r.workItemId) ?? r.workItemId}</Typography.Text>
                </Space>
                {!r.ok && r.errorMessage && <Typography.Text type="danger">{r.errorMessage}</Typography.Text>}
              </Space>
            </List.Item>
          )}
        />
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={t(action === 'approve' ? 'pages.todos.batch.approveTitle' : 'pages.todos.batch.rejectTitle', { count })}
      onCancel={onClose}
      okText={t(action === 'approve' ? 'pages.todos.batch.approveOk' : 'pages.todos.batch.rejectOk', { count })}
      okButtonProps={{
        danger: action === 'reject',
        loading: sending,
        htmlType: 'submit',
        'data-testid': 'todos-batch-confirm',
      }}
      cancelButtonProps={{ disabled: sending }}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="todos-batch-dialog"
    >
      <Typography.Paragraph>
        {t(action === 'approve' ? 'pages.todos.batch.approveIntro' : 'pages.todos.batch.rejectIntro', { count })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void send(v)}>
        <Form.Item
          name="comment"
          label={t('pages.todos.batch.comment')}
          extra={requiring ? t('pages.todos.batch.commentHint', { count: requiring }) : undefined}
          rules={[{ required: requiring > 0, whitespace: true, message: t('pages.todos.batch.commentMissing') }]}
        >
          <Input.TextArea rows={3} maxLength={2000} showCount data-testid="todos-batch-comment" />
        </Form.Item>
      </Form>
      {refusing > 0 && (
        <Alert type="info" showIcon message={t('pages.todos.batch.commentSkipped', { count: refusing })} />
      )}
    </Modal>
  );
}
