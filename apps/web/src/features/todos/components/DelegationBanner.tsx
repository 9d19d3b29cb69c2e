import { UserSwitchOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { accountSettingsPath } from '../../../shell/dialogs/account-link';
import { AppLink } from '../../../shell/navigation/AppLink';
import { useMyDelegation } from '../../workflow/hooks/useMyDelegation';

/** Account settings at 代理审批, over the current page. */
function useDelegationSettingsPath(): string {
  return accountSettingsPath(useLocation().pathname, 'delegation');
}

/**
 * While the member's delegation is in force, /todos says so: "你已委托 <name> 代为审批，至 <time>",
 * with a link to change it (issue 29).
 */
export function DelegationBanner() {
  const { t } = useTranslation();
  const path = useDelegationSettingsPath();
  const mine = useMyDelegation().data?.mine;
  if (!mine?.active) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="delegation-banner"
      title={t('delegation.banner', {
        name: mine.delegate.name,
        time: dayjs(mine.endsAt).format('YYYY-MM-DD HH:mm'),
      })}
      action={
        <AppLink to={path} data-testid="delegation-banner-change">
          {t('delegation.bannerChange')}
        </AppLink>
      }
    />
  );
}

/** /todos' link to the delegation settings (beside the page title). */
export function DelegationSettingsLink() {
  const { t } = useTranslation();
  const path = useDelegationSettingsPath();
  return (
    <AppLink to={path} data-testid="todos-delegation-link">
      <UserSwitchOutlined /> {t('delegation.todosLink')}
    </AppLink>
  );
}
