import {
  ApartmentOutlined,
  CheckOutlined,
  FileSearchOutlined,
  GlobalOutlined,
  InfoCircleOutlined,
  LogoutOutlined,
  TranslationOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { type Language, Languages } from '@canopy/contract';
import { Avatar, Dropdown, type MenuProps, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { lazyDialog } from '../app/lazy-chunk';
import { ACCOUNT_PARAM, accountTabOf } from '../dialogs/account-link';
import { changeLanguage, currentLanguage } from '../i18n/i18n';
import { avatarSrcSet } from '../layout/avatar-src';
import { useAppNavigate } from '../navigation/useAppNavigate';
import { logout } from '../session/logout';
import { useSession } from '../session/session-context';
import { openInSystemBrowser } from './open-in-browser';
import { useAccountActions } from './useAccountActions';

/** Opened rarely: each loads the first time it opens, so the page shows without it. */
const AboutDialog = lazyDialog(() => import('../dialogs/AboutDialog').then((m) => m.AboutDialog));
const AccountSettingsDialog = lazyDialog(() =>
  import('../dialogs/AccountSettingsDialog').then((m) => m.AccountSettingsDialog),
);

type Dialog = 'account' | 'about' | null;

const label = (text: string, testId: string) => <span data-testid={testId}>{text}</span>;

/** The avatar menu at the right of the header (spec §2). */
export function AvatarMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const actions = useAccountActions();
  const navigate = useAppNavigate();
  const { token } = theme.useToken();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [params, setParams] = useSearchParams();
  const linkedTab = accountTabOf(params.get(ACCOUNT_PARAM));
  const language = currentLanguage();
  const closeAccount = () => {
    setDialog(null);
    if (params.has(ACCOUNT_PARAM))
      setParams(
        (p) => {
          p.delete(ACCOUNT_PARAM);
          return p;
        },
        { replace: true },
      );
  };

  const items: MenuProps['items'] = [
    { key: 'account', icon: <UserOutlined />, label: label(t('header.accountSettings'), 'menu-account-settings') },
    { key: 'about', icon: <InfoCircleOutlined />, label: label(t('header.versionInfo'), 'menu-version-info') },
    actions.corpManage && {
      key: 'corp',
      icon: <ApartmentOutlined />,
      label: label(t('header.corpManage'), 'menu-corp-manage'),
    },
    actions.applog && { key: 'applog', icon: <FileSearchOutlined />, label: label(t('header.applog'), 'menu-applog') },
    actions.openInBrowser && {
      key: 'browser',
      icon: <GlobalOutlined />,
      label: label(t('header.openInBrowser'), 'menu-open-in-browser'),
    },
    { type: 'divider' as const },
    {
      // A flat group rather than a submenu: one click to switch, and reachable by keyboard.
      type: 'group' as const,
      key: 'language',
      label: (
        <span data-testid="menu-language">
          <TranslationOutlined /> {t('language.label')}
        </span>
      ),
      children: Languages.map((lang) => ({
        key: `lang:${lang}`,
        label: label(t(`language.${lang}`), `menu-language-${lang}`),
        extra: lang === language ? <CheckOutlined /> : null,
      })),
    },
    actions.logout && { type: 'divider' as const },
    actions.logout && {
      key: 'logout',
      icon: <LogoutOutlined />,
      danger: true,
      label: label(t('header.logout'), 'menu-logout'),
    },
  ].filter((item) => item !== false);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'account') setDialog('account');
    else if (key === 'about') setDialog('about');
    else if (key === 'corp') navigate('/corp/manage');
    else if (key === 'applog') navigate('/applog');
    else if (key === 'browser') void openInSystemBrowser().catch(() => {});
    else if (key === 'logout') logout();
    else if (key.startsWith('lang:')) {
      const lang = Languages.find((l) => `lang:${l}` === key);
      if (lang) void changeLanguage(lang satisfies Language);
    }
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{ items, onClick, style: { boxShadow: 'none' } }}
        popupRender={(menu) => (
          <div
            style={{
              background: token.colorBgElevated,
              borderRadius: token.borderRadiusLG,
              boxShadow: token.boxShadowSecondary,
              minWidth: 220,
            }}
            data-testid="avatar-menu"
          >
            <div style={{ padding: '12px 16px 8px' }}>
              <Typography.Text strong>{user.userName}</Typography.Text>
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {user.email || user.mobile}
              </Typography.Text>
            </div>
            {menu}
          </div>
        )}
      >
        <button
          type="button"
          aria-label={t('header.accountSettings')}
          data-testid="header-avatar"
          data-tour="avatar"
          style={{ border: 'none', background: 'transparent', padding: 4, cursor: 'pointer', lineHeight: 0 }}
        >
          <Avatar
            size={32}
            src={user.avatarUrl || undefined}
            srcSet={avatarSrcSet(user.avatarUrl)}
            style={{ background: token.colorPrimary }}
            data-testid="header-avatar-image"
          >
            {user.userName.slice(0, 1)}
          </Avatar>
        </button>
      </Dropdown>
      <AccountSettingsDialog
        open={dialog === 'account' || linkedTab !== null}
        tab={linkedTab ?? undefined}
        onClose={closeAccount}
      />
      <AboutDialog open={dialog === 'about'} onClose={() => setDialog(null)} />
    </>
  );
}
