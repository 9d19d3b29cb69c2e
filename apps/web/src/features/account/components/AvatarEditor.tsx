import { UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES } from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Flex, Popconfirm, Typography, theme } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { avatarSrcSet } from '../../../shell/layout/avatar-src';
import { sessionKeys } from '../../../shell/session/query-keys';
import { useSession } from '../../../shell/session/session-context';
import { resetAvatar, uploadAvatar } from '../api/account-api';
import { AVATAR_TYPES, avatarFileProblem, avatarSizes, readAsDataUrl } from './avatar-file';

/** Avatar: pick an image (checked here for type and size), preview, save; or back to the default. */
export function AvatarEditor() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ dataUrl: string; type: string } | null>(null);
  const [busy, setBusy] = useState<'upload' | 'reset' | null>(null);
  const limitKb = Math.round(AVATAR_MAX_BYTES / 1024);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      message.error(problem === 'type' ? t('account.avatarType') : t('account.avatarSize', { kb: limitKb }));
      return;
    }
    setPreview({ dataUrl: await readAsDataUrl(file), type: file.type });
  };

  const run = async (kind: 'upload' | 'reset') => {
    setBusy(kind);
    try {
      if (kind === 'upload' && preview) await uploadAvatar(await avatarSizes(preview.dataUrl, preview.type));
      else await resetAvatar();
      await queryClient.invalidateQueries({ queryKey: sessionKeys.basicUser });
      setPreview(null);
      message.success(kind === 'upload' ? t('account.avatarSaved') : t('account.avatarReset'));
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Flex align="center" gap={16} data-testid="avatar-editor">
      <Avatar
        size={64}
        src={preview?.dataUrl ?? (user.avatarUrl || undefined)}
        srcSet={preview ? undefined : avatarSrcSet(user.avatarUrl)}
        style={{ flex: 'none', background: token.colorPrimary, fontSize: 26 }}
        data-testid="avatar-preview"
      >
        {user.userName.slice(0, 1)}
      </Avatar>
      <Flex vertical gap={6}>
        <input
          ref={fileInput}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          hidden
          data-testid="avatar-file"
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {preview ? (
          <Flex gap={8}>
            <Button
              type="primary"
              loading={busy === 'upload'}
              onClick={() => void run('upload')}
              data-testid="avatar-save"
            >
              {t('account.avatarSave')}
            </Button>
            <Button onClick={() => setPreview(null)} disabled={busy !== null}>
              {t('common.cancel')}
            </Button>
          </Flex>
        ) : (
          <Flex gap={8}>
            <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()} data-testid="avatar-upload">
              {t('account.avatarUpload')}
            </Button>
            {user.avatarUrl && (
              <Popconfirm title={t('account.avatarResetConfirm')} onConfirm={() => run('reset')}>
                <Button icon={<UndoOutlined />} loading={busy === 'reset'} data-testid="avatar-reset">
                  {t('account.avatarResetAction')}
                </Button>
              </Popconfirm>
            )}
          </Flex>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('account.avatarHint', { kb: limitKb })}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
