import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppNavigate } from '../navigation/useAppNavigate';

const TABS = [
  { path: '/home', key: 'workbench', testId: 'header-tab-home' },
  { path: '/members', key: 'members', testId: 'header-tab-members' },
] as const;

/** Spec §2: Workbench and Address book in the header centre; switching pushes that route. */
export function HeaderTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useAppNavigate();
  const selected = TABS.find((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`));
  return (
    <Menu
      mode="horizontal"
      // Two fixed tabs: never fold them into an overflow "…" (antd measures widths, which breaks in a grid cell).
      disabledOverflow
      data-tour="tabs"
      selectedKeys={selected ? [selected.path] : []}
      onClick={({ key }) => navigate(key)}
      style={{
        borderBottom: 'none',
        justifyContent: 'center',
        background: 'transparent',
        lineHeight: '54px',
      }}
      items={TABS.map((tab) => ({
        key: tab.path,
        label: <span data-testid={tab.testId}>{t(`nav.${tab.key}`)}</span>,
      }))}
    />
  );
}
