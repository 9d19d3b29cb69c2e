import { LockOutlined, MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maskPhone } from '../../../shell/dialogs/mask-phone';
import { useSession } from '../../../shell/session/session-context';
import { ContactForm } from './ContactForm';
import { PasswordForm } from './PasswordForm';
import { SettingRow } from './SettingRow';
import { WechatRow } from './WechatRow';
import { WecomRow } from './WecomRow';

type Editing = 'password' | 'mobile' | 'email' | null;

/** Mobile (masked), email, password and WeChat; each change opens its form in place. */
export function SecuritySection() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [editing, setEditing] = useState<Editing>(null);
  const done = () => setEditing(null);

  if (editing) {
    const titles = {
      password: t('account.changePassword'),
      mobile: user.mobile ? t('account.changeMobile') : t('account.bindMobile'),
      email: user.email ? t('account.changeEmail') : t('account.bindEmail'),
    };
    return (
      <div>
        <Flex align="center" justify="space-between" style={{ marginBottom: 12 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {titles[editing]}
          </Typography.Title>
          <Button type="link" onClick={done}>
            {t('common.back')}
          </Button>
        </Flex>
        {editing === 'password' ? <PasswordForm onDone={done} /> : <ContactForm channel={editing} onDone={done} />}
      </div>
    );
  }

  const notSet = t('common.notSet');
  return (
    <div data-testid="security-section">
      <SettingRow
        icon={<MobileOutlined />}
        label={t('account.mobile')}
        value={<span data-testid="account-mobile">{user.mobile ? maskPhone(user.mobile) : notSet}</span>}
        action={
          <Button onClick={() => setEditing('mobile')} data-testid="account-change-mobile">
            {user.mobile ? t('account.change') : t('account.bind')}
          </Button>
        }
      />
      <SettingRow
        icon={<MailOutlined />}
        label={t('account.email')}
        value={<span data-testid="account-email">{user.email || notSet}</span>}
        action={
          <Button onClick={() => setEditing('email')} data-testid="account-change-email">
            {user.email ? t('account.change') : t('account.bind')}
          </Button>
        }
      />
      <SettingRow
        icon={<LockOutlined />}
        label={t('account.password')}
        value={t('account.passwordSet')}
        action={
          <Button onClick={() => setEditing('password')} data-testid="account-change-password">
            {t('account.change')}
          </Button>
        }
      />
      <WechatRow />
      <WecomRow />
    </div>
  );
}
