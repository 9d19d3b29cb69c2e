import { BellFilled, BellOutlined } from '@ant-design/icons';
import { type CommentItem, CommentLimits, type CommentSaved } from '@canopy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Avatar, Button, Empty, Flex, List, Skeleton, Space, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../shell/api/form-errors';
import { RichTextView } from '../../apps/components/intro/RichTextView';
import { CommentBox } from '../../workflow/approval/CommentBox';
import { type Mentioned, mentionedIn } from '../../workflow/approval/mentions';
import { commentKeys, commentsApi } from '../api/comments-api';

interface Props {
  engineCode: string;
  p: { appCode: string; schemaCode: string };
  recordId: string;
}

/** The composer, for a new comment or an edit: text with @mentions picked from the team. */
function Composer({
  initial,
  initialMentions,
  busy,
  submitText,
  onSubmit,
  onCancel,
}: {
  initial: string;
  initialMentions: Mentioned[];
  busy: boolean;
  submitText: string;
  onSubmit: (body: string, mentions: string[]) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [mentioned, setMentioned] = useState<Mentioned[]>(initialMentions);
  const empty = !text.trim();
  const send = async () => {
    if (empty) return;
    if (await onSubmit(text, mentionedIn(text, mentioned))) {
      setText('');
      setMentioned([]);
    }
  };
  return (
    <Flex vertical gap={8}>
      <CommentBox
        value={text}
        onChange={setText}
        onMention={(m) => setMentioned((list) => [...list, m])}
        placeholder={t('tables.comments.placeholder')}
        testId={onCancel ? 'comment-edit-box' : 'comment-box'}
        ariaLabel={t('tables.comments.label')}
      />
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {text.length} / {CommentLimits.bodyMax}
        </Typography.Text>
        <Space>
          {onCancel && <Button onClick={onCancel}>{t('tables.comments.cancel')}</Button>}
          <Button
            type="primary"
            loading={busy}
            disabled={empty || text.length > CommentLimits.bodyMax}
            onClick={() => void send()}
            data-testid={onCancel ? 'comment-save' : 'comment-send'}
          >
            {submitText}
          </Button>
        </Space>
      </Flex>
    </Flex>
  );
}

/**
 * A record's comment thread (issue 31), beside its history: oldest first, "(已编辑)" on edited
 * comments, edit and delete (after a confirmation) where the server allows, and a follow toggle. A
 * comment's HTML comes sanitized from the server and is sanitized again here (RichTextView). A link
 * with `?comment=<id>` (a letter) scrolls to that comment; `?thread=1` (the grid's count) to the thread.
 */
export function RecordComments({ engineCode, p, recordId }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [search] = useSearchParams();
  const key = commentKeys.thread(engineCode, p.appCode, p.schemaCode, recordId);
  const thread = useQuery({ queryKey: key, queryFn: () => commentsApi.thread(p, recordId) });
  const [editing, setEditing] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const target = search.get('comment');
  const wantThread = search.get('thread') === '1';

  // A letter's comment, or the thread the grid's count opened, comes into sight once loaded.
  const loaded = Boolean(thread.data);
  useEffect(() => {
    if (!loaded) return;
    const el = target ? document.getElementById(`comment-${target}`) : wantThread ? box.current : null;
    el?.scrollIntoView({ block: 'center' });
  }, [loaded, target, wantThread]);

  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: key }),
      client.invalidateQueries({ queryKey: commentKeys.counts(engineCode, p.appCode, p.schemaCode) }),
    ]);
  const warn = (saved: CommentSaved) =>
    setWarning(
      saved.notReached.length
        ? t('tables.comments.notReached', { names: saved.notReached.map((m) => `@${m.name}`).join('、') })
        : null,
    );
  const create = useMutation({
    mutationFn: (b: { body: string; mentions: string[] }) => commentsApi.create(p, recordId, b),
  });
  const update = useMutation({
    mutationFn: (b: { id: string; body: string; mentions: string[] }) =>
      commentsApi.update(p, recordId, b.id, { body: b.body, mentions: b.mentions }),
  });
  const follow = useMutation({ mutationFn: (on: boolean) => commentsApi.follow(p, recordId, on) });

  const submit = async (run: () => Promise<CommentSaved>): Promise<boolean> => {
    try {
      warn(await run());
      await refresh();
      return true;
    } catch (e) {
      void message.error(errorText(e));
      return false;
    }
  };
  const remove = (c: CommentItem) =>
    modal.confirm({
      title: t('tables.comments.removeConfirm'),
      content: t('tables.comments.removeHint'),
      okButtonProps: { danger: true },
      okText: t('tables.comments.remove'),
      onOk: async () => {
        try {
          await commentsApi.remove(p, recordId, c.id);
          void message.success(t('tables.comments.removed'));
          await refresh();
        } catch (e) {
          void message.error(errorText(e));
        }
      },
    });

  if (thread.isLoading) return <Skeleton active />;
  if (thread.isError || !thread.data)
    return (
      <Alert type="error" showIcon title={t('tables.comments.loadFailed')} description={errorText(thread.error)} />
    );
  const { comments, following } = thread.data;
  return (
    <div ref={box} data-testid="record-comments">
      <Flex justify="flex-end" style={{ marginBottom: 8 }}>
        <Tooltip title={t('tables.comments.followHint')}>
          <Button
            size="small"
            icon={following ? <BellFilled /> : <BellOutlined />}
            aria-pressed={following}
            loading={follow.isPending}
            onClick={async () => {
              try {
                await follow.mutateAsync(!following);
                await client.invalidateQueries({ queryKey: key });
              } catch (e) {
                void message.error(errorText(e));
              }
            }}
            data-testid="comment-follow"
          >
            {following ? t('tables.comments.following') : t('tables.comments.follow')}
          </Button>
        </Tooltip>
      </Flex>
      {comments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tables.comments.none')} />
      ) : (
        <List
          itemLayout="horizontal"
          dataSource={comments}
          renderItem={(c) => (
            <List.Item
              id={`comment-${c.id}`}
              data-testid="comment-item"
              style={c.id === target ? { background: 'rgba(22, 119, 255, 0.06)' } : undefined}
              actions={
                editing === c.id
                  ? []
                  : [
                      c.canEdit && (
                        <Button
                          key="edit"
                          type="link"
                          size="small"
                          onClick={() => setEditing(c.id)}
                          data-testid="comment-edit"
                        >
                          {t('tables.comments.edit')}
                        </Button>
                      ),
                      c.canDelete && (
                        <Button
                          key="remove"
                          type="link"
                          size="small"
                          danger
                          onClick={() => remove(c)}
                          data-testid="comment-remove"
                        >
                          {t('tables.comments.remove')}
                        </Button>
                      ),
                    ].filter(Boolean)
              }
            >
              <List.Item.Meta
                avatar={<Avatar>{c.authorName.slice(0, 1)}</Avatar>}
                title={
                  <Space size={8}>
                    <Typography.Text strong>{c.authorName}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {dayjs(c.createdAt).format('YYYY-MM-DD HH:mm')}
                    </Typography.Text>
                    {c.editedAt !== null && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="comment-edited">
                        {t('tables.comments.edited')}
                      </Typography.Text>
                    )}
                  </Space>
                }
                description={
                  editing === c.id ? (
                    <Composer
                      initial={c.body}
                      initialMentions={c.mentions.map((m) => ({ memberId: m.memberId, name: m.name }))}
                      busy={update.isPending}
                      submitText={t('tables.comments.save')}
                      onCancel={() => setEditing(null)}
                      onSubmit={async (body, mentions) => {
                        const ok = await submit(() => update.mutateAsync({ id: c.id, body, mentions }));
                        if (ok) setEditing(null);
                        return ok;
                      }}
                    />
                  ) : (
                    <div style={{ color: 'rgba(0, 0, 0, 0.88)' }}>
                      <RichTextView html={c.html} testId="comment-body" />
                    </div>
                  )
                }
              />
            </List.Item>
          )}
        />
      )}
      {warning && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setWarning(null)}
          title={warning}
          style={{ margin: '8px 0' }}
          data-testid="comment-warning"
        />
      )}
      <div style={{ marginTop: 12 }}>
        <Composer
          initial=""
          initialMentions={[]}
          busy={create.isPending}
          submitText={t('tables.comments.send')}
          onSubmit={(body, mentions) => submit(() => create.mutateAsync({ body, mentions }))}
        />
      </div>
    </div>
  );
}
