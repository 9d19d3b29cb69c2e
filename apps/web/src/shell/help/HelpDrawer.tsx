import { Collapse, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HELP_TOPICS, type HelpTopic } from './help-topics';

interface HelpDrawerProps {
  open: boolean;
  topic: HelpTopic | undefined;
  onTopicChange: (topic: HelpTopic | undefined) => void;
  onClose: () => void;
}

function isTopic(value: string | undefined): value is HelpTopic {
  return HELP_TOPICS.some((t) => t === value);
}

/** Built-in help articles: short, practical answers for the six starting topics. */
export function HelpDrawer({ open, topic, onTopicChange, onClose }: HelpDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer title={t('help.drawerTitle')} open={open} onClose={onClose} size={480} destroyOnHidden>
      <div data-testid="help-drawer">
        <Typography.Paragraph type="secondary">{t('help.drawerIntro')}</Typography.Paragraph>
        <Collapse
          accordion
          activeKey={topic ? [topic] : []}
          onChange={(keys) => {
            const [key] = Array.isArray(keys) ? keys : [keys];
            onTopicChange(isTopic(key) ? key : undefined);
          }}
          items={HELP_TOPICS.map((key) => ({
            key,
            label: t(`help.topics.${key}.title`),
            children: t(`help.topics.${key}.body`)
              .split('\n')
              .map((paragraph) => <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>),
          }))}
        />
      </div>
    </Drawer>
  );
}
