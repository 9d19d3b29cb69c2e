import { InstanceState, ItemType } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { EVERYONE, type LiveBus } from '../live/bus.js';
import type { FlowActionEvent, FlowNotify, OpenedItem } from '../workflow/flow-hooks.js';
import type { InstanceRow, WorkItemRow } from '../workflow/repository.js';
import type { LetterInput, Letters } from './letters.js';
import type { LetterLink } from './templates.js';

/** New to-dos that should also go out by mail (todo-mail.ts), inside the action's transaction. */
export type TodoMail = (trx: Kysely<Database>, instance: InstanceRow, letters: LetterInput[]) => Promise<void>;

const approvalLink = (inst: InstanceRow, workItemId?: string, label: LetterLink['label'] = 'view'): LetterLink => {
  const q = new URLSearchParams({ instanceId: inst.id });
  if (workItemId) q.set('workitemId', workItemId);
  return {
    href: `/workflow/${encodeURIComponent(inst.app_code)}/approval?${q.toString()}`,
    target: '_self',
    payload: { type: 'workflow', appCode: inst.app_code, instanceId: inst.id, workItemId: workItemId ?? '' },
    label,
  };
};

/**
 * The workflow's letters: new items to their participants (a to-do, handed over, delegated, a
 * copy), the originator told of approvals, rejections, send-backs, the end and termination,
 * mentions and deadline reminders; the live `todo` signal to everyone whose items changed, and the
 * team's `records` signal for the table (its lists show the record's flow status).
 * Written in the action's transaction, so a rolled-back action leaves no letter.
 */
export class FlowLetters implements FlowNotify {
  constructor(
    private readonly letters: Letters,
    private readonly live: LiveBus,
    private readonly mail: TodoMail = async () => undefined,
  ) {}

  private async names(trx: Kysely<Database>, inst: InstanceRow, memberIds: string[]) {
    const ids = [...new Set(memberIds.filter(Boolean))];
    const [members, node] = await Promise.all([
      ids.length
        ? trx
            .selectFrom('members')
            .innerJoin('users', 'users.id', 'members.user_id')
            .select(['members.member_id', 'users.user_name'])
            .where('members.engine_code', '=', inst.engine_code)
            .where('members.member_id', 'in', ids)
            .execute()
        : [],
      trx
        .selectFrom('function_nodes')
        .select('display_name')
        .where('engine_code', '=', inst.engine_code)
        .where('code', '=', inst.schema_code)
        .executeTakeFirst(),
    ]);
    const byId = new Map(members.map((m) => [m.member_id, m.user_name]));
    return { name: (id: string) => byId.get(id) ?? '', flow: node?.display_name ?? '' };
  }

  async afterAction(trx: Kysely<Database>, e: FlowActionEvent): Promise<void> {
    const inst = e.instance;
    const originator = inst.originator_member_id;
    // Items the actor opened for themselves (their own draft) need no letter.
    let opened = e.opened.filter((o) => o.memberId !== e.actorMemberId);
    const toOriginator = originator !== e.actorMemberId ? await this.originatorKind(trx, e) : null;
    // Sent back to the originator: the one letter says so and links to their start item (no "to-do"
    // letter about their own request beside it).
    const startItem =
      toOriginator && inst.state === InstanceState.Returned ? opened.find((o) => o.memberId === originator) : undefined;
    if (startItem) opened = opened.filter((o) => o !== startItem);
    const letters: LetterInput[] = [];
    if (opened.length || toOriginator) {
      const n = await this.names(trx, inst, [originator, e.actorMemberId, ...opened.map((o) => o.actingFor ?? '')]);
      const common = { flow: n.flow, originator: n.name(originator), actor: n.name(e.actorMemberId) };
      for (const o of opened) letters.push(this.itemLetter(inst, o, e.action, common, n.name(o.actingFor ?? '')));
      if (toOriginator)
        letters.push({
          engineCode: inst.engine_code,
          memberId: originator,
          kind: toOriginator.kind,
          params: { ...common, node: e.actedItem?.node_name ?? '', comment: toOriginator.comment },
          link: startItem ? approvalLink(inst, startItem.id, 'handle') : approvalLink(inst),
          eventId: inst.id,
        });
    }
    await this.letters.write(trx, letters, e.now);
    await this.mail(
      trx,
      inst,
      letters.filter((l) => l.kind === 'todo' || l.kind === 'transferred' || l.kind === 'delegated'),
    );
    await this.live.signal(trx, [
      ...e.touched.map((memberId) => ({ engineCode: inst.engine_code, memberId, type: 'todo' as const })),
      // The record's 流程状态/当前节点 may have changed: open lists of the table refresh, whoever has them.
      { engineCode: inst.engine_code, memberId: EVERYONE, type: 'records' as const, schemaCode: inst.schema_code },
    ]);
  }

  private async originatorKind(
    trx: Kysely<Database>,
    e: FlowActionEvent,
  ): Promise<{ kind: LetterInput['kind']; comment: string } | null> {
    const now = e.instance.state;
    const kind = (k: LetterInput['kind']) => ({ kind: k, comment: '' });
    if (e.action === 'reject') return kind('rejected');
    if (e.action === 'revert') {
      if (now !== InstanceState.Returned) return kind('reverted');
      // Back to the originator: "你的报销单被<approver>退回：<comment>", the comment as the approver wrote it.
      const comment = e.actedItem
        ? ((await trx.selectFrom('work_items').select('comment').where('id', '=', e.actedItem.id).executeTakeFirst())
            ?.comment ?? '')
        : '';
      const excerpt = comment.length > 200 ? `${comment.slice(0, 200)}…` : comment;
      return { kind: 'returned', comment: excerpt };
    }
    if (now === InstanceState.Terminate && e.previousState !== InstanceState.Terminate) return kind('terminated');
    if (now === InstanceState.Finished && e.previousState !== InstanceState.Finished) return kind('finished');
    if (e.action === 'approve') return kind('approved');
    return null;
  }

  private itemLetter(
    inst: InstanceRow,
    o: OpenedItem,
    action: string,
    common: Record<string, string>,
    away: string,
  ): LetterInput {
    const kind =
      o.itemType === ItemType.Circulate
        ? 'cc'
        : o.actingFor
          ? 'delegated'
          : action === 'transfer'
            ? 'transferred'
            : 'todo';
    return {
      engineCode: inst.engine_code,
      memberId: o.memberId,
      kind,
      params: { ...common, node: o.nodeName, away },
      link: approvalLink(inst, o.id, kind === 'cc' ? 'view' : 'handle'),
      eventId: o.id,
    };
  }

  async mentioned(
    trx: Kysely<Database>,
    inst: InstanceRow,
    actorMemberId: string,
    memberIds: string[],
    comment: string,
    now: number,
  ): Promise<void> {
    const wanted = [...new Set(memberIds)].filter((id) => id !== actorMemberId);
    if (!wanted.length) return;
    // Only members of this team (an id from elsewhere is ignored, never written).
    const members = await trx
      .selectFrom('members')
      .select('member_id')
      .where('engine_code', '=', inst.engine_code)
      .where('member_id', 'in', wanted)
      .execute();
    if (!members.length) return;
    const n = await this.names(trx, inst, [actorMemberId]);
    const excerpt = comment.length > 200 ? `${comment.slice(0, 200)}…` : comment;
    await this.letters.write(
      trx,
      members.map((m) => ({
        engineCode: inst.engine_code,
        memberId: m.member_id,
        kind: 'mention' as const,
        params: { actor: n.name(actorMemberId), flow: n.flow, comment: excerpt },
        link: approvalLink(inst),
        eventId: inst.id,
      })),
      now,
    );
  }

  async automatic(
    trx: Kysely<Database>,
    inst: InstanceRow,
    memberIds: string[],
    letter: { subject: string; content: string },
    now: number,
  ): Promise<void> {
    await this.letters.write(
      trx,
      [...new Set(memberIds)].map((memberId) => ({
        engineCode: inst.engine_code,
        memberId,
        kind: 'flowNotice' as const,
        params: { subject: letter.subject, content: letter.content },
        link: approvalLink(inst),
      })),
      now,
    );
  }

  async reminded(trx: Kysely<Database>, inst: InstanceRow, item: WorkItemRow, now: number): Promise<void> {
    const n = await this.names(trx, inst, []);
    await this.letters.write(
      trx,
      [
        {
          engineCode: inst.engine_code,
          memberId: item.participant_member_id,
          kind: 'reminder',
          params: { flow: n.flow, node: item.node_name },
          link: approvalLink(inst, item.id, 'handle'),
          eventId: item.id,
        },
      ],
      now,
    );
  }
}
