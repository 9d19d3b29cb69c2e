import { PlusOutlined } from '@ant-design/icons';
import { type CreateFeedbackBody, FeedbackCategory, FeedbackLimits, type UploadedFile } from '@canopy/contract';
import { App, Form, Input, Modal, Radio, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, showFormError } from '../../../shell/api/form-errors';
import { uploadFile } from '../../../shell/api/upload';
import { sendFeedback } from '../api/feedback-api';
import { testId } from './test-id';

interface FeedbackDialogProps {
  open: boolean;
  /** The page the sender came from and the app, when opened from an app's feedback entry. */
  pageUrl: string;
  appCode: string | null;
  onClose: () => void;
  onSent: () => void;
}

interface FormValues {
  category: CreateFeedbackBody['category'];
  detail: string;
}

const FIELDS = ['category', 'detail', 'screenshots'] as const;

/** Sending feedback: a category, the text and up to five screenshots uploaded as images. */
export function FeedbackDialog({ open, pageUrl, appCode, onClose, onSent }: FeedbackDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [shots, setShots] = useState<UploadFile<UploadedFile>[]>([]);
  const [sending, setSending] = useState(false);
  const uploading = shots.some((f) => f.status === 'uploading');

  const submit = async (values: FormValues) => {
    setSending(true);
    try {
      await sendFeedback({
        category: values.category,
        detail: values.detail,
        screenshots: shots.flatMap((f) => (f.status === 'done' && f.response ? [f.response.id] : [])),
        pageUrl,
        ...(appCode ? { appCode } : {}),
      });
      message.success(t('feedback.sent'));
      form.resetFields();
      setShots([]);
      onSent();
    } catch (error) {
      const rest = showFormError(form, error, FIELDS);
      if (rest) message.error(rest);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('feedback.sendTitle')}
      okText={t('feedback.send')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: sending, disabled: uploading, ...testId('feedback-submit') }}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" initialValues={{ category: FeedbackCategory.bug }} onFinish={submit}>
        <Form.Item name="category" label={t('feedback.category')}>
          <Radio.Group
            optionType="button"
            options={Object.values(FeedbackCategory).map((c) => ({ value: c, label: t(`feedback.categories.${c}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="detail"
          label={t('feedback.detail')}
          rules={[{ required: true, whitespace: true, message: t('feedback.detailRequired') }]}
        >
          <Input.TextArea
            rows={5}
            maxLength={FeedbackLimits.detailMax}
            showCount
            placeholder={t('feedback.detailPlaceholder')}
            data-testid="feedback-detail-input"
          />
        </Form.Item>
        <Form.Item
          name="screenshots"
          label={t('feedback.screenshots')}
          extra={t('feedback.screenshotsHint', { max: FeedbackLimits.screenshotsMax })}
        >
          <Upload<UploadedFile>
            listType="picture-card"
            accept="image/png,image/jpeg,image/gif,image/webp"
            multiple
            fileList={shots}
            maxCount={FeedbackLimits.screenshotsMax}
            onChange={({ fileList }) => setShots(fileList)}
            showUploadList={{ showPreviewIcon: false }}
            customRequest={async ({ file, onSuccess, onError }) => {
              try {
                onSuccess?.(await uploadFile('image', file as File));
              } catch (error) {
                message.error(errorText(error) || t('feedback.uploadFailed'));
                onError?.(error instanceof Error ? error : new Error(t('feedback.uploadFailed')));
              }
            }}
          >
            {shots.length < FeedbackLimits.screenshotsMax && (
              <div>
                <PlusOutlined />
                <div style={{ marginTop: 4 }}>{t('feedback.addScreenshot')}</div>
              </div>
            )}
          </Upload>
        </Form.Item>
        {(appCode || pageUrl) && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="feedback-origin">
            {t('feedback.page')}：{pageUrl}
          </Typography.Text>
        )}
      </Form>
    </Modal>
  );
}
