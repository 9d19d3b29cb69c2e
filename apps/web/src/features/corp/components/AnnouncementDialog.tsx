import type { AdminAnnouncement, AnnouncementBody } from '@canopy/contract';
import { AnnouncementLimits } from '@canopy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, DatePicker, Form, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../shell/api/form-errors';
import { RichTextEditor } from '../../apps/components/intro/RichTextEditor';
import { hasVisibleText, normalizeRichText } from '../../apps/components/intro/sanitize';
import { announcementKeys, createAnnouncement, updateAnnouncement } from '../api/announcements-api';

interface Values {
  title: string;
  body: string;
  link: string;
  startsAt: Dayjs;
  endsAt: Dayjs | null;
}

const FIELDS = ['title', 'body', 'link', 'startsAt', 'endsAt'] as const;
const LINK = /^(?:https?:\/\/\S+|\/(?![/\\])\S*)$/i;

/**
 * Add or change one 产品动态 item: title, rich-text body, an optional link and the publish window
 * (the end may stay empty: shown until deleted). Mounted while open, so each opening starts afresh.
 */
export function AnnouncementDialog({ item, onClose }: { item: AdminAnnouncement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: AnnouncementBody) => (item ? updateAnnouncement(item.id, body) : createAnnouncement(body)),
    onSuccess: async () => {
      message.success(t('corp.announcementSaved'));
      await Promise.all([
        client.invalidateQueries({ queryKey: announcementKeys.admin }),
        client.invalidateQueries({ queryKey: announcementKeys.published }),
      ]);
      onClose();
    },
    onError: (error) => setFormError(showFormError(form, error, FIELDS)),
  });

  const submit = (values: Values) => {
    setFormError(null);
    save.mutate({
      title: values.title.trim(),
      body: normalizeRichText(values.body),
      link: values.link.trim(),
      startsAt: values.startsAt.valueOf(),
      endsAt: values.endsAt ? values.endsAt.valueOf() : null,
    });
  };

  return (
    <Modal
      open
      title={item ? t('corp.announcementEdit') : t('corp.announcementNew')}
      onCancel={save.isPending ? undefined : onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      okButtonProps={{ loading: save.isPending, id: 'announcement-submit' }}
      width={640}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          title: item?.title ?? '',
          body: item?.body ?? '',
          link: item?.link ?? '',
          startsAt: item ? dayjs(item.startsAt) : dayjs().startOf('minute'),
          endsAt: item?.endsAt ? dayjs(item.endsAt) : null,
        }}
        data-testid="announcement-form"
      >
        <Form.Item
          name="title"
          label={t('corp.announcementTitle')}
          rules={[{ required: true, whitespace: true, message: t('corp.announcementTitle') }]}
        >
          <Input
            maxLength={AnnouncementLimits.titleMax}
            showCount
            placeholder={t('corp.announcementTitlePlaceholder')}
            data-testid="announcement-title"
          />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('corp.announcementBody')}
          rules={[
            {
              validator: (_, html: string) =>
                hasVisibleText(html ?? '') ? Promise.resolve() : Promise.reject(new Error(t('corp.announcementBody'))),
            },
          ]}
          valuePropName="initialHtml"
          trigger="onChange"
        >
          <BodyEditor placeholder={t('corp.announcementBodyPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="link"
          label={t('corp.announcementLink')}
          rules={[
            {
              validator: (_, v: string) =>
                !v?.trim() || LINK.test(v.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('corp.announcementLinkInvalid'))),
            },
          ]}
        >
          <Input
            maxLength={AnnouncementLimits.linkMax}
            placeholder={t('corp.announcementLinkPlaceholder')}
            data-testid="announcement-link"
          />
        </Form.Item>
        <Typography.Text strong>{t('corp.announcementWindow')}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('corp.announcementWindowHint')}
        </Typography.Paragraph>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item name="startsAt" label={t('corp.announcementStart')} rules={[{ required: true }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowClear={false} />
          </Form.Item>
          <Form.Item name="endsAt" label={t('corp.announcementEnd')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </div>
        {formError && <Alert type="error" showIcon title={formError} data-testid="announcement-error" />}
      </Form>
    </Modal>
  );
}

/** The rich-text editor as a form control: the form's value is its starting HTML, changes flow back. */
function BodyEditor({
  initialHtml,
  onChange,
  placeholder,
  'aria-invalid': invalid,
}: {
  initialHtml?: string;
  onChange?: (html: string) => void;
  placeholder: string;
  'aria-invalid'?: boolean;
}) {
  // The editor keeps its own DOM: it takes the starting HTML once, not back on every keystroke.
  const [initial] = useState(initialHtml ?? '');
  return (
    <RichTextEditor
      initialHtml={initial}
      onChange={(html) => onChange?.(html)}
      placeholder={placeholder}
      invalid={invalid}
    />
  );
}
