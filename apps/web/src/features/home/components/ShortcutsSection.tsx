import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { SectionEmpty } from './SectionEmpty';

/** Shortcuts to add or view data in an app (spec §2 Home, centre). They come with apps. */
export function ShortcutsSection() {
  const { t } = useTranslation();
  return (
    <Card title={t('home.shortcutsTitle')} data-testid="shortcuts-section">
      <SectionEmpty title={t('home.shortcutsEmpty')} hint={t('home.shortcutsHint')} />
    </Card>
  );
}
