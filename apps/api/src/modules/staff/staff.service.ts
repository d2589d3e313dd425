import { INVITE_TTL_HOURS, userChannel, type StaffCreateInput, type StaffListQuery, type StaffRole, type StaffUpdateInput } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/ctx.ts';
import type { UserRow } from '../../lib/ctx.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { inviteMail } from '../../mail/templates.ts';
import { writeAudit } from '../../lib/audit.ts';
import { authRepo } from '../auth/auth.repository.ts';
import { issueCode } from '../auth/codes.service.ts';
import { staffRepo, type StaffRow } from './staff.repository.ts';

const emailTaken = () => AppError.field('email', 'email_taken', 'EmailTaken');

/** Runs `work`; a unique violation on the users' e-mail (a race the check before it lost) is 422 email_taken. */
async function mapEmailRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e, 'users_email_uq')) throw emailTaken();
    throw e;
  }
}

export const listStaff = (ctx: AuthedCtx, q: StaffListQuery) =>
  staffRepo.page(ctx.db, { search: q.search || undefined, role: q.role, blocked: q.blocked }, q.sort, q.page, q.per_page);

export async function getStaff(ctx: AuthedCtx, id: number): Promise<StaffRow> {
  const row = await staffRepo.find(ctx.db, id);
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * Mails the person an invitation: a `restore` code that lives INVITE_TTL_HOURS (device key
 * 'invite', so the resend throttle and the replacement of an earlier invitation count apart from
 * the person's own forgot-password codes) and a link to the page that sets the password with it.
 * Enqueued in the caller's transaction.
 */
async function sendInvite(ctx: AuthedCtx, tx: Db, person: UserRow) {
  const role = person.role as StaffRole;
  await issueCode(ctx, tx, { email: person.email, name: person.name, lang: person.lang }, 'restore', {
    deviceKey: 'invite',
    ttlMinutes: INVITE_TTL_HOURS * 60,
    compose: (code, attemptId) => {
      const q = new URLSearchParams({ email: person.email, attempt_id: attemptId, code });
      return inviteMail({
        to: person.email,
        name: person.name,
        inviter: ctx.user.name,
        role,
        code,
        link: `${ctx.deps.config.publicUrl.replace(/\/+$/, '')}/forgot-password?${q.toString()}`,
        locale: person.lang,
      });
    },
  });
}

/**
 * A new staff member: no password yet (login refuses an empty hash), a verified e-mail (an admin
 * vouches for it) and an invitation mail whose code sets the password through password/restore.
 * The e-mail must be nobody's yet; two identical submits make one account (the unique index
 * refuses the second, answered as 422 email_taken). Audited as staff.create.
 */
export async function createStaff(ctx: AuthedCtx, input: StaffCreateInput): Promise<StaffRow> {
  const id = await mapEmailRace(() =>
    ctx.db.transaction(async (tx) => {
      if (await staffRepo.emailTaken(tx, input.email)) throw emailTaken();
      const person = await staffRepo.insert(tx, {
        email: input.email,
        name: input.name,
        role: input.role,
        lang: input.lang ?? ctx.locale,
        passwordHash: '',
        emailVerifiedAt: new Date(),
        login2fa: true,
      });
      await writeAudit(tx, {
        actorId: ctx.user.id,
        action: 'staff.create',
        entity: 'staff',
        entityId: person.id,
        changes: { email: [null, person.email], name: [null, person.name], role: [null, person.role], lang: [null, person.lang] },
      });
      await sendInvite(ctx, tx, person);
      return person.id;
    }),
  );
  return getStaff(ctx, id);
}

/**
 * Changes a staff member's e-mail, name, role or block. Nobody blocks or demotes themselves, and
 * the last active admin is never blocked or demoted (422 last_admin): such changes lock the set
 * of active admins first, so concurrent ones are serialised. A block signs the person out at once
 * (their tokens go in the same transaction, their sockets after commit). A new e-mail of a person
 * still invited gets a fresh invitation (the old code is bound to the old address). Audited as
 * staff.update.
 */
export async function updateStaff(ctx: AuthedCtx, id: number, input: StaffUpdateInput): Promise<StaffRow> {
  const updated = await mapEmailRace(() =>
    ctx.db.transaction(async (tx) => {
      const mayRemoveAdmin = input.role !== undefined || input.blocked !== undefined;
      const admins = mayRemoveAdmin ? await staffRepo.lockActiveAdmins(tx) : [];
      const person = await staffRepo.lock(tx, id);
      if (!person) throw AppError.notFound();
      // The actor was demoted or blocked by another admin a moment ago: no longer theirs to do.
      if (mayRemoveAdmin && !admins.includes(ctx.user.id)) throw AppError.forbidden();

      const changes: Record<string, [unknown, unknown]> = {};
      const values: Partial<UserRow> = {};
      if (input.email !== undefined && input.email !== person.email) {
        if (await staffRepo.emailTaken(tx, input.email, id)) throw emailTaken();
        changes.email = [person.email, input.email];
        values.email = input.email;
      }
      if (input.name !== undefined && input.name !== person.name) {
        changes.name = [person.name, input.name];
        values.name = input.name;
      }
      if (input.role !== undefined && input.role !== person.role) {
        changes.role = [person.role, input.role];
        values.role = input.role;
      }
      if (input.blocked !== undefined && input.blocked !== person.blocked) {
        changes.blocked = [person.blocked, input.blocked];
        values.blocked = input.blocked;
      }

      const wasActiveAdmin = person.role === 'admin' && !person.blocked;
      const staysActiveAdmin = (values.role ?? person.role) === 'admin' && !(values.blocked ?? person.blocked);
      if (wasActiveAdmin && !staysActiveAdmin) {
        const field = changes.blocked ? 'blocked' : 'role';
        if (person.id === ctx.user.id) throw AppError.field(field, 'last_admin', 'SelfChange');
        if (admins.filter((a) => a !== person.id).length === 0) throw AppError.field(field, 'last_admin', 'LastAdmin');
      }

      if (Object.keys(changes).length === 0) return person;
      const row = await staffRepo.update(tx, id, values);
      // A block revokes every session for good: unblocking later does not bring them back.
      if (values.blocked === true) await authRepo.deleteTokensOfUser(tx, id);
      await writeAudit(tx, { actorId: ctx.user.id, action: 'staff.update', entity: 'staff', entityId: id, changes });
      // An invited person's code is bound to the old address: the invitation goes again, to the new one.
      if (values.email && row.passwordHash === '' && !row.blocked) await sendInvite(ctx, tx, row);
      return row;
    }),
  );
  // A blocked person's open sockets are closed (on every API process through the adapter).
  if (input.blocked === true && updated.blocked) ctx.deps.realtime.io.in(userChannel(id)).disconnectSockets(true);
  return getStaff(ctx, id);
}

/**
 * A fresh invitation (the earlier one's code stops working) while the person has not set a
 * password: else 400 PasswordAlreadySet; a blocked person gets none (400 AccountBlocked). At most
 * one a minute (the codes' resend rule: 429). Audited as staff.invite.
 */
export async function reinvite(ctx: AuthedCtx, id: number) {
  await ctx.db.transaction(async (tx) => {
    const person = await staffRepo.lock(tx, id);
    if (!person) throw AppError.notFound();
    if (person.passwordHash !== '') throw AppError.business('PasswordAlreadySet', 'transition_not_allowed');
    if (person.blocked) throw AppError.business('AccountBlocked', 'account_blocked');
    await sendInvite(ctx, tx, person);
    await writeAudit(tx, { actorId: ctx.user.id, action: 'staff.invite', entity: 'staff', entityId: id, changes: { email: person.email } });
  });
  return { sent: true as const };
}
