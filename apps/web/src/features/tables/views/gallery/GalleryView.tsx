import { PictureOutlined } from '@ant-design/icons';
import type { RecordQueryBody } from '@canopy/contract';
import { filesOf } from '@canopy/fields/web/view';
import { Alert, Flex, Spin, Typography, theme } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../shell/api/form-errors';
import { groupableFields } from '../bar/view-kinds';
import { RecordCard } from '../cards/RecordCard';
import { useBodyHeight } from '../grid/useBodyHeight';
import { useViewRecords } from '../useViewRecords';
import type { OpenView, ViewEnv } from '../view-env';
import type { ResolvedColumn } from '../view-model';

interface Props {
  env: ViewEnv;
  open: OpenView;
  body: RecordQueryBody;
  columns: ResolvedColumn[];
  empty: ReactNode;
}

const COVER_HEIGHT = 150;
const CARD_FIELDS = 4;

/** Records as cards with a cover picture from an image field; more load as the end comes into sight. */
export function GalleryView({ env, open, body, columns, empty }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const records = useViewRecords(env, body);
  const { rows, hasNextPage, isFetchingNextPage, fetchNextPage } = records;
  const cover = groupableFields('gallery', env.fields).find((f) => f.code === open.config.groupBy);
  const frame = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const height = useBodyHeight(frame, 24 + 28);

  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: frame.current, rootMargin: '200px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const cardFields = columns
    .filter((c) => !c.hidden && c.field.code !== cover?.code && c.field.code !== env.titleField)
    .slice(0, CARD_FIELDS)
    .map((c) => c.field);

  return (
    <div data-testid="gallery-view">
      {records.isError && <Alert type="error" showIcon title={errorText(records.error)} style={{ marginBottom: 8 }} />}
      <Spin spinning={records.isLoading}>
        <div ref={frame} style={{ height, overflowY: 'auto', paddingInlineEnd: 4 }}>
          {!records.isLoading && !rows.length ? (
            empty
          ) : (
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 12 }}>
              {rows.map((r) => {
                const image = cover ? filesOf(r.data[cover.code]).find((f) => f.isImage) : undefined;
                return (
                  <RecordCard
                    key={r.id}
                    record={r}
                    fields={cardFields}
                    onOpen={env.onOpen}
                    cover={
                      cover ? (
                        image ? (
                          <img
                            src={image.url}
                            alt={image.name}
                            loading="lazy"
                            style={{ height: COVER_HEIGHT, objectFit: 'cover' }}
                          />
                        ) : (
                          <Flex
                            vertical
                            align="center"
                            justify="center"
                            style={{
                              height: COVER_HEIGHT,
                              background: token.colorFillQuaternary,
                              color: token.colorTextQuaternary,
                            }}
                          >
                            <PictureOutlined style={{ fontSize: 28 }} />
                            <span style={{ fontSize: 12, marginTop: 4 }}>{t('views.galleryNoCover')}</span>
                          </Flex>
                        )
                      ) : undefined
                    }
                  />
                );
              })}
            </div>
          )}
          <div ref={end} style={{ height: 1 }} />
          <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center', padding: 8 }}>
            {isFetchingNextPage ? t('views.loadingMore') : rows.length > 0 && !hasNextPage ? t('views.allLoaded') : ''}
          </Typography.Text>
        </div>
      </Spin>
    </div>
  );
}
