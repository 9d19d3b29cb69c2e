import { Limits } from '@canopy/contract';
import { Divider, Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiTokensSection } from '../../features/account/components/ApiTokensSection';
import { AvatarEditor } from '../../features/account/components/AvatarEditor';
import { ProfileForm } from '../../features/account/components/ProfileForm';
import { SecuritySection } from '../../features/account/components/SecuritySection';
import { TodoMailSetting } from '../../features/notices/components/TodoMailSetting';
import { useSession } from '../session/session-context';

/**
 * 账号设置 (spec §2 Dialogs): the dialog is at most 480 px high, and never taller than the viewport
 * minus 132 px; the content scrolls inside. Profile (avatar, name, signature, to-do mail) and security
 * (mobile, email, password, WeChat), API tokens.
 */
export function AccountSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Modal
      title={t('account.title')}
      open={open}
      onCancel={onClose}
      footer={null}
      width={600}
      destroyOnHidden
      styles={{
        // The whole dialog (title and body), not only its body, keeps within the limit; the body scrolls.
        container: {
          maxHeight: `min(${Limits.accountDialogMaxHeightPx}px, calc(100vh - ${Limits.accountDialogViewportMarginPx}px))`,
          display: 'flex',
          flexDirection: 'column',
        },
        body: {
          flex: '1 1 auto',
          minHeight: 0,
          overflowY: 'auto',
          overflowX: 'hidden',
          paddingInlineEnd: 8,
        },
      }}
    >
      <div data-testid="account-settings-dialog">
        <Tabs
          size="small"
          items={[
            {
              key: 'profile',
              label: <span data-testid="account-tab-profile">{t('account.profileTab')}</span>,
              children: (
                <>
                  <AvatarEditor />
                  <Divider style={{ margin: '16px 0' }} />
                  <ProfileForm key={`${user.userName}|${user.personalSignature}`} />
                  <TodoMailSetting />
                </>
              ),
            },
            {
              key: 'security',
              label: <span data-testid="account-tab-security">{t('account.securityTab')}</span>,
              children: <SecuritySection />,
            },
            {
              key: 'tokens',
              label: <span data-testid="account-tab-tokens">{t('account.tokensTab')}</span>,
              children: <ApiTokensSection />,
            },
          ]}
        />
      </div>
    </Modal>
  );
}
