import type { AutomationStep } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { MailQueue } from '../delivery/mail-queue.js';
import { resolveRecipients, targetsOf } from './recipients.js';
import type { StepEnv, StepResult } from './steps.js';
import { fillText } from './template.js';

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** The addresses of members of the team whose account has one. */
async function memberAddresses(db: Kysely<Database>, engineCode: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select('users.email')
    .where('members.engine_code', '=', engineCode)
    .where('members.member_id', 'in', ids)
    .where('members.state', '=', 'ACTIVE')
    .where('users.email', 'is not', null)
    .execute();
  return rows.map((r) => r.email).filter((e): e is string => !!e);
}

/**
 * A mail step: to members, app roles' holders, departments' members and a member field's members
 * (each their account's address), and addresses (templates). The mail is queued in the step's transaction (the mail queue sends it afterwards,
 * at least once), so a resumed run never queues it twice.
 */
export async function mailStep(
  queue: MailQueue,
  step: Extract<AutomationStep, { kind: 'sendMail' }>,
  env: StepEnv,
): Promise<StepResult> {
  const members = await resolveRecipients(env.trx, env.tenant.engineCode, env.appCode, step, env.scope);
  const typed = (step.to ?? []).map((t) => fillText(t, env.scope).trim()).filter(Boolean);
  const bad = typed.find((t) => !ADDRESS.test(t));
  if (bad) throw new AppError(400, 'automation.mail', 'automation.badAddress', { address: bad.slice(0, 100) });
  const to = [...new Set([...(await memberAddresses(env.trx, env.tenant.engineCode, members)), ...typed])];
  const subject = fillText(step.subject, env.scope);
  const content = fillText(step.content, env.scope);
  await queue.enqueue(
    env.trx,
    to.map((address) => ({ to: address, subject, text: content })),
    env.now,
  );
  return { input: { ...targetsOf(step), to: typed, subject, content }, output: { sentTo: to } };
}
