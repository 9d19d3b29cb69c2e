import { Limits } from '@canopy/contract';
import { Divider, Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiTokensSection } from '../../features/account/components/ApiTokensSection';
import { AvatarEditor } from '../../features/account/components/AvatarEditor';
import { ProfileForm } from '../../features/account/components/ProfileForm';
import { SecuritySection } from '../../features/account/components/SecuritySection';
import { TodoMailSetting } from '../../features/notices/components/TodoMailSetting';
import { DelegationSection } from '../../features/workflow/delegation/DelegationSection';
import { useSession } from '../session/session-context';
import type { AccountTab } from './account-link';

/**
 * 账号设置 (spec §2 Dialogs): the dialog is at most 480 px high, and never taller than the viewport
 * minus 132 px; the content scrolls inside. Profile (avatar, name, signature, to-do mail) and security
 * (mobile, email, password, WeChat), out-of-office delegation (代理审批), API tokens. `tab` opens it at
 * a tab (a link from another page, account-link.ts).
 */
export function AccountSettingsDialog({
  open,
  onClose,
  tab,
}: {
  open: boolean;
  onClose: () => void;
  tab?: AccountTab;
}) {
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
          // The last row ends inside the scrolled area with room after it, not flush with its edge
          // where it read as cut off (issue 29).
          paddingBottom: 16,
        },
      }}
    >
      <div data-testid="account-settings-dialog">
        <Tabs
          size="small"
          defaultActiveKey={tab}
          // The tabs stay in view while a long tab scrolls under them.
          tabBarStyle={{ position: 'sticky', top: 0, zIndex: 2, background: 'var(--ant-color-bg-elevated)' }}
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
              key: 'delegation',
              label: <span data-testid="account-tab-delegation">{t('delegation.tab')}</span>,
              children: <DelegationSection />,
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
