import { PlusOutlined } from '@ant-design/icons';
import type { FeedbackItem, FeedbackStatus } from '@canopy/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Segmented, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { useSession } from '../../../shell/session/session-context';
import { feedbackKeys, fetchAllFeedback, fetchMyFeedback, nextPageOf } from '../api/feedback-api';
import { AnswerDialog } from '../components/AnswerDialog';
import { FeedbackDialog } from '../components/FeedbackDialog';
import { FeedbackList } from '../components/FeedbackList';

type StatusFilter = FeedbackStatus | 'all';
const FILTERS: StatusFilter[] = ['all', 'open', 'inProgress', 'resolved', 'closed'];

/**
 * /feedback: the member's own feedback and its status; the instance administrator also sees every
 * feedback, answers it and moves its status. `?appCode=&from=` (the app feedback entry, the
 * service widget) opens the form for that app and page.
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  const { current } = useSession();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const appCode = search.get('appCode');
  const from = search.get('from') ?? '';
  const asked = Boolean(appCode || search.get('compose'));
  const [composing, setComposing] = useState(asked);
  // The service widget's feedback link also works while this page is open (same route, new query).
  useEffect(() => {
    if (asked) setComposing(true);
  }, [asked]);
  const [tab, setTab] = useState<'mine' | 'all'>('mine');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [answering, setAnswering] = useState<FeedbackItem | null>(null);
  const engineCode = current?.engineCode ?? '';

  const mine = useInfiniteQuery({
    queryKey: feedbackKeys.mine(engineCode),
    queryFn: ({ pageParam }) => fetchMyFeedback(pageParam),
    initialPageParam: undefined as { beforeTime: number; beforeId: string } | undefined,
    getNextPageParam: (last) => (last.hasMore ? nextPageOf(last.items) : undefined),
  });
  // Answered only for the instance administrator: its success is what shows the tab.
  const all = useInfiniteQuery({
    queryKey: feedbackKeys.admin(status),
    queryFn: ({ pageParam }) => fetchAllFeedback(status, pageParam),
    initialPageParam: undefined as { beforeTime: number; beforeId: string } | undefined,
    getNextPageParam: (last) => (last.hasMore ? nextPageOf(last.items) : undefined),
    retry: false,
  });
  const isAdmin = all.isSuccess || (status !== 'all' && all.isPending);

  const closeForm = () => {
    setComposing(false);
    // The entry's app and page belong to this one form; a later one starts from /feedback itself.
    const next = new URLSearchParams(search);
    for (const key of ['appCode', 'from', 'compose']) next.delete(key);
    if (next.toString() !== search.toString()) setSearch(next, { replace: true });
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: feedbackKeys.all });

  const items = [
    {
      key: 'mine',
      label: <span data-testid="feedback-tab-mine">{t('feedback.tabMine')}</span>,
      children: <FeedbackList query={mine} empty={t('feedback.emptyMine')} />,
    },
    ...(isAdmin
      ? [
          {
            key: 'all',
            label: <span data-testid="feedback-tab-all">{t('feedback.tabAll')}</span>,
            children: (
              <>
                <Segmented
                  style={{ marginBottom: 12 }}
                  value={status}
                  onChange={(v) => setStatus(v as StatusFilter)}
                  options={FILTERS.map((s) => ({
                    value: s,
                    label: s === 'all' ? t('feedback.allStatuses') : t(`feedback.statuses.${s}`),
                  }))}
                />
                <FeedbackList query={all} empty={t('feedback.emptyAll')} onAnswer={setAnswering} />
              </>
            ),
          },
        ]
      : []),
  ];

  return (
    <PageContainer
      title={t('pages.feedback.title')}
      testId="feedback-page"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setComposing(true)} data-testid="feedback-new">
          {t('feedback.send')}
        </Button>
      }
    >
      <Card styles={{ body: { paddingTop: 8 } }}>
        <Tabs activeKey={tab} onChange={(k) => setTab(k === 'all' ? 'all' : 'mine')} items={items} />
      </Card>
      <FeedbackDialog
        open={composing}
        pageUrl={from || '/feedback'}
        appCode={appCode}
        onClose={closeForm}
        onSent={() => {
          closeForm();
          setTab('mine');
          refresh();
        }}
      />
      <AnswerDialog
        item={answering}
        onClose={() => setAnswering(null)}
        onSaved={() => {
          setAnswering(null);
          refresh();
        }}
      />
    </PageContainer>
  );
}
