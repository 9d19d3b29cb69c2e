import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from './copy-text';

/** A read-only invitation link with a copy button; the text stays selectable if copying is refused. */
export function InvitationLink({ link }: { link: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    if (await copyText(link)) message.success(t('invite.copied'));
    else message.warning(t('invite.copyFailed'));
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        readOnly
        value={link}
        aria-label={t('invite.linkLabel')}
        data-testid="invite-link"
        onFocus={(e) => e.target.select()}
      />
      <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="invite-link-copy">
        {t('invite.copy')}
      </Button>
    </Space.Compact>
  );
}
