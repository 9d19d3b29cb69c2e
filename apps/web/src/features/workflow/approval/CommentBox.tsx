import { Mentions } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orgApi } from '../../members/api/org-api';
import type { Mentioned } from './mentions';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onMention: (member: Mentioned) => void;
  placeholder: string;
  /** The record comment thread reuses the box under its own test id and label. */
  testId?: string;
  ariaLabel?: string;
}

/**
 * The approval comment: plain text, and typing @ looks members of the team up by name (the address
 * book's search, a page of 8); a picked member gets a letter when the comment is sent.
 */
export function CommentBox({ value, onChange, onMention, placeholder, testId = 'wf-comment', ariaLabel }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState<string | null>(null);
  const [options, setOptions] = useState<Mentioned[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (keyword === null) return;
    let live = true;
    setLoading(true);
    // Typing settles before the address book is asked.
    const timer = setTimeout(() => {
      orgApi
        .memberPage({ keyword: keyword || undefined, state: 'ACTIVE', pageSize: 8, pageIndex: 0 })
        .then((page) => live && setOptions(page.resultList.map((m) => ({ memberId: m.memberId, name: m.userName }))))
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword]);

  return (
    <Mentions
      value={value}
      onChange={onChange}
      onSearch={(text) => setKeyword(text)}
      onSelect={(option) => {
        // The option carries the name written after @ (two people of one name: the first listed).
        const member = options.find((m) => m.memberId === option.key) ?? options.find((m) => m.name === option.value);
        if (member) onMention(member);
      }}
      loading={loading}
      options={options.map((m) => ({ key: m.memberId, value: m.name, label: m.name }))}
      notFoundContent={t('workflow.approval.mentionNone')}
      maxLength={2000}
      autoSize={{ minRows: 2, maxRows: 6 }}
      placeholder={placeholder}
      data-testid={testId}
      aria-label={ariaLabel}
    />
  );
}
