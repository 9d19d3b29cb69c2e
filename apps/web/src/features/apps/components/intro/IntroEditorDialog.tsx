import { type AppItem, Limits, richTextLength } from '@canopy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../shell/api/api-error';
import { appKeys, appsApi } from '../../api/apps-api';
import { useAppWorkspace } from '../../hooks/app-context';
import { RichTextEditor } from './RichTextEditor';
import { hasVisibleText, normalizeRichText } from './sanitize';

/**
 * 应用介绍 (spec §5): rich text, not empty (请输入应用介绍！), at most 2000 visible characters
 * (输入内容超过最大限制！); closing with unsaved changes asks first; a failed save says
 * 操作失败，请重试！. Mounted while open, so each opening starts from the saved introduction.
 */
export function IntroEditorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { app, appCode, engineCode } = useAppWorkspace();
  const queryClient = useQueryClient();
  const [html, setHtml] = useState(app.description);
  const [error, setError] = useState<string | null>(null);
  const initial = useRef(app.description);
  const length = richTextLength(html);
  const over = length > Limits.appIntroMax;

  const save = useMutation({
    mutationFn: (description: string) => appsApi.setDescription(appCode, description),
    onSuccess: (saved) => {
      queryClient.setQueryData<AppItem>(appKeys.detail(engineCode, appCode), saved);
      void queryClient.invalidateQueries({ queryKey: appKeys.list(engineCode) });
      message.success(t('appIntro.saved'));
      onClose();
    },
    onError: (cause) => {
      const field = isApiError(cause) ? cause.fieldMessage('description') : undefined;
      if (field) setError(field);
      else message.error(t('appIntro.failed'));
    },
  });

  const submit = () => {
    if (!hasVisibleText(html)) setError(t('appIntro.empty'));
    else if (over) setError(t('appIntro.tooLong'));
    else save.mutate(normalizeRichText(html));
  };
  const cancel = () => {
    if (html === initial.current) {
      onClose();
      return;
    }
    modal.confirm({
      title: t('appIntro.discardTitle'),
      content: t('appIntro.discardContent'),
      okText: t('appIntro.discard'),
      cancelText: t('appIntro.keepEditing'),
      okButtonProps: { danger: true },
      onOk: onClose,
    });
  };

  return (
    <Modal
      open
      title={t('appIntro.title')}
      width={720}
      okText={t('common.save')}
      onOk={submit}
      onCancel={cancel}
      okButtonProps={{ loading: save.isPending, id: 'intro-save' }}
      maskClosable={false}
      destroyOnHidden
    >
      <RichTextEditor
        initialHtml={initial.current}
        placeholder={t('appIntro.placeholder')}
        invalid={error !== null}
        onChange={(next) => {
          setHtml(next);
          setError(null);
        }}
      />
      <Flex justify="space-between" align="center" style={{ marginTop: 6, minHeight: 22 }}>
        <Typography.Text type="danger" role="alert" data-testid="intro-error">
          {error ?? ''}
        </Typography.Text>
        <Typography.Text type={over ? 'danger' : 'secondary'} style={{ fontSize: 12 }} data-testid="intro-counter">
          {t('appIntro.counter', { length, max: Limits.appIntroMax })}
        </Typography.Text>
      </Flex>
    </Modal>
  );
}
