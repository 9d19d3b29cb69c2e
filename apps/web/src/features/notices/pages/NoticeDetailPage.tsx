import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Result, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { useGoBack } from '../../../shell/navigation/useAppNavigate';
import { useSession } from '../../../shell/session/session-context';
import { fetchLetter, fetchLetterIdByEvent, markLettersRead } from '../api/notice-api';
import { LetterContent } from '../components/LetterContent';
import { noticeKeys } from '../lib/query-keys';

/** /notice/detail?id= (or ?eventId=, looked up by event): one letter (subject, content, time), read once opened. */
export function NoticeDetailPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const { current } = useSession();
  const engineCode = current?.engineCode ?? '';
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const eventId = params.get('eventId') ?? '';
  // An event's link names the event: its letter's id comes from "notice id by event id" (spec §7).
  const byEvent = useQuery({
    queryKey: noticeKeys.byEvent(engineCode, eventId),
    enabled: !raw && Boolean(eventId) && eventId.length <= 64 && Boolean(engineCode),
    queryFn: () => fetchLetterIdByEvent(eventId),
    retry: false,
  });
  const given = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  const id = raw ? given : (byEvent.data ?? null);
  const { data, isLoading, isError } = useQuery({
    queryKey: noticeKeys.detail(engineCode, id ?? 0),
    enabled: id !== null && Boolean(engineCode),
    queryFn: () => fetchLetter(id as number),
    retry: false,
  });

  useEffect(() => {
    if (data?.readStatus === 0)
      void markLettersRead([data.id])
        .then(() => queryClient.invalidateQueries({ queryKey: noticeKeys.all }))
        .catch(() => undefined);
  }, [data, queryClient]);

  // Spec §8: a payload missing its parts (no id, or a letter without subject or content).
  const looking = !raw && byEvent.isLoading;
  const incomplete =
    !looking && (id === null || isError || byEvent.isError || (data && (!data.subject || !data.content)));
  const back = <Button onClick={goBack}>{t('common.back')}</Button>;
  return (
    <PageContainer title={t('pages.notice.detailTitle')} testId="notice-detail-page">
      {incomplete ? (
        <Result status="warning" title={t('notice.incomplete')} extra={back} data-testid="notice-incomplete" />
      ) : isLoading || !data ? (
        <Spin />
      ) : (
        <Descriptions column={1} bordered data-testid="notice-detail" extra={back} title={data.subject}>
          <Descriptions.Item label={t('pages.notice.content')}>
            <LetterContent content={data.content} />
          </Descriptions.Item>
          <Descriptions.Item label={t('pages.notice.time')}>
            {dayjs(data.createTime).format('YYYY-MM-DD HH:mm:ss')}
          </Descriptions.Item>
        </Descriptions>
      )}
    </PageContainer>
  );
}
