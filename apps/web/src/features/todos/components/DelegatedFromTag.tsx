import type { MemberRef } from '@canopy/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * "代 <name>" on a to-do that came from someone else (their out-of-office delegation, or a
 * transfer): the asker acts on their behalf. Nothing for one's own items.
 */
export function DelegatedFromTag({ from }: { from: MemberRef | null }) {
  const { t } = useTranslation();
  if (!from) return null;
  return (
    <Tag
      bordered={false}
      title={t('delegatedTag.title', { name: from.name })}
      // antd's orange tag text (#d46b08) is 3.3:1 on its background; orange-8 reads at 5:1 (WCAG AA).
      style={{ marginInlineStart: 6, fontWeight: 'normal', color: '#ad4e00', background: '#fff7e6' }}
      data-testid="todo-delegated-from"
    >
      {t('delegatedTag.label', { name: from.name })}
    </Tag>
  );
}
