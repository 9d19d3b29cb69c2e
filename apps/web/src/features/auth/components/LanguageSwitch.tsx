import { TranslationOutlined } from '@ant-design/icons';
import { Languages } from '@canopy/contract';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../../shell/i18n/i18n';

/** Language choice on the auth pages; remembered, so the app opens in it after login. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: Languages.map((lang) => ({ key: lang, label: t(`language.${lang}`) })),
        onClick: ({ key }) => {
          const lang = Languages.find((l) => l === key);
          if (lang) void changeLanguage(lang);
        },
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} data-testid="auth-language">
        {t(`language.${language}`)}
      </Button>
    </Dropdown>
  );
}
