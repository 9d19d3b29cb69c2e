import { canMoveFeedback, type FeedbackItem, FeedbackLimits, FeedbackStatus } from '@canopy/contract';
import { App, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../shell/api/form-errors';
import { answerFeedback } from '../api/feedback-api';
import { testId } from './test-id';

interface AnswerDialogProps {
  item: FeedbackItem | null;
  onClose: () => void;
  onSaved: () => void;
}

interface FormValues {
  status: FeedbackStatus;
  answer: string;
}

/** The administrator answers a feedback and moves its status (only forward; the server decides again). */
export function AnswerDialog({ item, onClose, onSaved }: AnswerDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  if (!item) return null;

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      const answer = values.answer?.trim();
      await answerFeedback(item.id, { status: values.status, ...(answer ? { answer } : {}) });
      message.success(t('feedback.replied'));
      onSaved();
    } catch (error) {
      const rest = showFormError(form, error, ['status', 'answer']);
      if (rest) message.error(rest);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('feedback.replyTitle')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: saving, ...testId('feedback-answer-save') }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }} style={{ whiteSpace: 'pre-wrap' }}>
        {item.detail}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ status: item.status, answer: item.answer ?? '' }}
        onFinish={submit}
      >
        <Form.Item name="status" label={t('feedback.status')}>
          <Select
            data-testid="feedback-status-select"
            options={Object.values(FeedbackStatus).map((s) => ({
              value: s,
              label: t(`feedback.statuses.${s}`),
              disabled: !canMoveFeedback(item.status, s),
            }))}
          />
        </Form.Item>
        <Form.Item name="answer" label={t('feedback.answer')}>
          <Input.TextArea
            rows={4}
            maxLength={FeedbackLimits.answerMax}
            showCount
            placeholder={t('feedback.replyPlaceholder')}
            data-testid="feedback-answer-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
