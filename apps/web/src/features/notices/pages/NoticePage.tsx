import { type Letter, LetterKind, Limits } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, List, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { useSession } from '../../../shell/session/session-context';
import { fetchLetters, markLettersRead } from '../api/notice-api';
import { LetterContent } from '../components/LetterContent';
import { noticeKeys } from '../lib/query-keys';

type ReadFilter = 'all' | 'unread' | 'read';

/** /notice: every letter of the member, newest first, filtered by read state and kind; 10 a page. */
export function NoticePage() {
  const { t } = useTranslation();
  const { current, user } = useSession();
  const engineCode = current?.engineCode ?? '';
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const [read, setRead] = useState<ReadFilter>('all');
  const [kind, setKind] = useState<LetterKind | ''>('');
  const [page, setPage] = useState(1);
  const filter = { read, kind, page };
  const { data, isLoading } = useQuery({
    queryKey: noticeKeys.list(engineCode, filter),
    enabled: Boolean(engineCode),
    queryFn: () =>
      fetchLetters({
        offset: (page - 1) * Limits.noticePageSize,
        pageSize: Limits.noticePageSize,
        ...(read === 'all' ? {} : { readStatus: read === 'unread' ? 0 : 1 }),
        ...(kind ? { kind } : {}),
        userId: user.id,
      }),
  });

  const open = async (letter: Letter, follow?: string) => {
    if (letter.readStatus === 0) {
      await markLettersRead([letter.id]).catch(() => 0);
      void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    }
    if (!follow) navigate(`/notice/detail?id=${letter.id}`);
  };

  return (
    <PageContainer title={t('pages.notice.title')} testId="notice-page">
      <Flex gap={12} wrap style={{ marginBottom: 12 }}>
        <Select<ReadFilter>
          value={read}
          style={{ width: 140 }}
          aria-label={t('pages.notice.filterRead')}
          data-testid="notice-filter-read"
          onChange={(v) => {
            setRead(v);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('pages.notice.readAll') },
            { value: 'unread', label: t('pages.notice.readUnread') },
            { value: 'read', label: t('pages.notice.readRead') },
          ]}
        />
        <Select<LetterKind | ''>
          value={kind}
          style={{ width: 160 }}
          aria-label={t('pages.notice.filterKind')}
          data-testid="notice-filter-kind"
          onChange={(v) => {
            setKind(v);
            setPage(1);
          }}
          options={[
            { value: '', label: t('pages.notice.allKinds') },
            ...LetterKind.map((k) => ({ value: k, label: t(`pages.notice.kinds.${k}`) })),
          ]}
        />
      </Flex>
      <List<Letter>
        bordered
        loading={isLoading}
        dataSource={data?.resultList ?? []}
        locale={{ emptyText: t('pages.notice.empty') }}
        pagination={{
          current: page,
          pageSize: Limits.noticePageSize,
          total: data?.totalCount ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        renderItem={(letter) => (
          <List.Item
            key={letter.id}
            data-testid="notice-row"
            style={{ cursor: 'pointer' }}
            onClick={() => void open(letter)}
            extra={
              <Typography.Text type="secondary">{dayjs(letter.createTime).format('YYYY-MM-DD HH:mm')}</Typography.Text>
            }
          >
            <List.Item.Meta
              title={
                <Flex gap={8} align="center">
                  {letter.readStatus === 0 && <Tag color="red">{t('pages.notice.unreadTag')}</Tag>}
                  {LetterKind.includes(letter.kind as LetterKind) && (
                    <Tag>{t(`pages.notice.kinds.${letter.kind as LetterKind}`)}</Tag>
                  )}
                  <Typography.Text strong={letter.readStatus === 0}>{letter.subject}</Typography.Text>
                </Flex>
              }
              description={<LetterContent content={letter.content} onFollow={(l) => void open(letter, l.href)} />}
            />
          </List.Item>
        )}
      />
    </PageContainer>
  );
}
