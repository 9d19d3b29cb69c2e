import { CompassOutlined, QuestionCircleOutlined, ReadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHelpCenter } from '../help/help-center-context';

/** Spec §2 help menu: help documents and the new-user guide. */
export function HelpMenu() {
  const { t } = useTranslation();
  const { openHelp, startGuide } = useHelpCenter();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'docs',
            icon: <ReadOutlined />,
            label: <span data-testid="help-menu-docs">{t('header.helpDocs')}</span>,
          },
          {
            key: 'guide',
            icon: <CompassOutlined />,
            label: <span data-testid="help-menu-guide">{t('header.guide')}</span>,
          },
        ],
        onClick: ({ key }) => (key === 'docs' ? openHelp() : startGuide()),
      }}
    >
      <Button
        type="text"
        shape="circle"
        className="canopy-header-icon"
        icon={<QuestionCircleOutlined />}
        aria-label={t('header.help')}
        data-testid="header-help"
        data-tour="help"
      />
    </Dropdown>
  );
}
