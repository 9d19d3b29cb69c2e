import { Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The settings of a kind this designer has no form for yet (one the server added later), as JSON:
 * kept while it parses, the parse error shown while it does not.
 */
export function JsonSettings({ value, onChange }: { value: unknown; onChange: (v: unknown) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [bad, setBad] = useState(false);
  return (
    <>
      <Typography.Paragraph type="secondary">{t('automations.jsonSettings')}</Typography.Paragraph>
      <Input.TextArea
        value={text}
        status={bad ? 'error' : undefined}
        aria-label={t('automations.jsonSettings')}
        autoSize={{ minRows: 6, maxRows: 20 }}
        style={{ fontFamily: 'monospace' }}
        onChange={(e) => {
          setText(e.target.value);
          try {
            onChange(JSON.parse(e.target.value));
            setBad(false);
          } catch {
            setBad(true);
          }
        }}
        data-testid="json-settings"
      />
      {bad && <Typography.Text type="danger">{t('automations.badJson')}</Typography.Text>}
    </>
  );
}
