import { UserOutlined } from '@ant-design/icons';
import { Input, type InputProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** The mobile-or-email input of the login and register pages (stable id/name for browser tests and password managers). */
export function AccountInput(props: Pick<InputProps, 'value' | 'onChange'>) {
  const { t } = useTranslation();
  return (
    <Input
      {...props}
      id="account"
      name="account"
      size="large"
      autoFocus
      autoComplete="username"
      prefix={<UserOutlined />}
      placeholder={t('auth.accountPlaceholder')}
    />
  );
}
