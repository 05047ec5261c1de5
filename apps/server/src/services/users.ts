// The current user, the team (collaborators of one customer) and invitations (spec 000 §2.10, §6, §7 Users).
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { Collaborator, CurrentUser, Role, UserSettings } from '@metocean/contracts';
import { messages } from '@metocean/contracts';
import { computations, customers, projectCollaborators, users } from '../db/schema';
import { badRequest, fieldError, forbidden, notFound } from '../http/errors';
import { presentAccount } from './accounts';
import { sendActivation, usernameFromEmail } from './auth';
import { likePattern } from '../db/like';
import type { Caller, Services } from './context';
import { logCallerEvent } from './events';
import { grantableProjects } from './project-access';
import { activityCounts } from './usage';

type UserRow = typeof users.$inferSelect;

export const roleOf = (user: Pick<UserRow, 'isActive' | 'isStaff'>): Role =>
  !user.isActive ? 'pending' : user.isStaff ? 'manager' : 'member';

export function presentCollaborator(user: UserRow, customerName: string): Collaborator {
  return {
    id: user.id,
    username: user.username,
    customerName,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    role: roleOf(user),
    isStaff: user.isStaff,
    usedCredits: user.usedCredits,
  };
}

async function userById(services: Services, id: number): Promise<UserRow> {
  const [user] = await services.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound();
  return user;
}

/** A user of the caller's own customer, or 404: other customers' people are invisible. */
export async function teammate(services: Services, caller: Caller, id: number): Promise<UserRow> {
  const user = await userById(services, id);
  if (user.customerId !== caller.customerId) throw notFound();
  return user;
}

export const requireManager = (caller: Caller) => {
  if (!caller.isStaff && !caller.isSuperuser) throw forbidden();
};

export async function currentUser(services: Services, caller: Caller): Promise<CurrentUser> {
  const { db } = services;
  // the user and their counts in one statement (the first page waits for this answer)
  const [row] = await db
    .select({
      user: users,
      projects: db.$count(projectCollaborators, eq(projectCollaborators.userId, caller.id)),
      computations: db.$count(
        computations,
        and(eq(computations.spentById, caller.id), eq(computations.isDowntime, false)),
      ),
      ...activityCounts(db, caller.id),
    })
    .from(users)
    .where(eq(users.id, caller.id))
    .limit(1);
  if (!row) throw notFound();
  const { user } = row;
  let impersonator: CurrentUser['impersonator'] = null;
  if (caller.impersonatorId !== null) {
    const admin = await userById(services, caller.impersonatorId);
    impersonator = { id: admin.id, username: admin.username };
  }
  const account = await presentAccount(services.db, user.customerId);
  return {
    ...presentCollaborator(user, account.name),
    customerId: user.customerId,
    isStaff: user.isStaff,
    isSuperuser: user.isSuperuser,
    settings: user.settings,
    accounts: [account],
    counts: {
      projects: row.projects,
      computations: row.computations,
      // the counts of the usage analysis (issue 30: the profile said 0 where it said 4)
      downtimeComputations: row.downtimes,
      reports: row.reports,
      comments: row.comments,
    },
    impersonator,
  };
}

export async function updateSettings(
  services: Services,
  caller: Caller,
  settings: UserSettings,
): Promise<UserSettings> {
  await services.db.update(users).set({ settings }).where(eq(users.id, caller.id));
  return settings;
}

/** The caller's team; superusers may list every customer's people (scope 'all') to impersonate one. */
export async function listUsers(
  services: Services,
  caller: Caller,
  query: { scope?: 'team' | 'all' | undefined; search?: string | undefined },
): Promise<Collaborator[]> {
  const all = query.scope === 'all';
  if (all && !caller.isSuperuser) throw forbidden();
  const search = query.search?.trim();
  const pattern = search ? likePattern(search) : undefined;
  const rows = await services.db
    .select({ user: users, customerName: customers.name })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(
      and(
        all ? undefined : eq(users.customerId, caller.customerId),
        pattern
          ? or(
              ilike(users.username, pattern),
              ilike(users.email, pattern),
              ilike(users.firstName, pattern),
              ilike(users.lastName, pattern),
              ilike(customers.name, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(all ? 100 : 1000);
  return rows.map((row) => presentCollaborator(row.user, row.customerName));
}

/**
 * Invites by e-mail (spec 000 §6: managers, with the manager flag and optional project access): the
 * invitee is pending until they follow the mailed link and choose a password.
 */
export async function invite(
  services: Services,
  caller: Caller,
  request: {
    email: string;
    isStaff: boolean;
    firstName?: string | undefined;
    lastName?: string | undefined;
    projects?: number[] | undefined;
  },
): Promise<{ id: number; email: string }> {
  requireManager(caller);
  const email = request.email.toLowerCase();
  const [existing] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (existing) throw fieldError('email', messages.emailTaken);
  const granted = await grantableProjects(services.db, caller, request.projects ?? []);
  let username = usernameFromEmail(email);
  const [clash] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  if (clash) username = `${username}-${Date.now().toString(36)}`;
  // The user and their project access in one transaction; the mail is queued after it (never inside one).
  const created = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        customerId: caller.customerId,
        username,
        email,
        firstName: request.firstName ?? '',
        lastName: request.lastName ?? '',
        isStaff: request.isStaff,
        isActive: false,
        invitedById: caller.id,
      })
      .returning();
    if (!row) throw new Error('user insert returned nothing');
    if (granted.length > 0)
      await tx
        .insert(projectCollaborators)
        .values(granted.map((access) => ({ projectId: access.project.id, userId: row.id })));
    return row;
  });
  await logCallerEvent(services.db, caller, 'invitation.sent', email);
  await sendActivation(services, created, await inviterOf(services, caller));
  return { id: created.id, email: created.email };
}

async function inviterOf(services: Services, caller: Caller) {
  const inviter = await userById(services, caller.id);
  const [customer] = await services.db
    .select()
    .from(customers)
    .where(eq(customers.id, caller.customerId))
    .limit(1);
  return {
    name: `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.username,
    customer: customer?.name ?? '',
  };
}

export async function editUser(
  services: Services,
  caller: Caller,
  id: number,
  request: { firstName: string; lastName: string; isStaff?: boolean | undefined },
): Promise<Collaborator> {
  const self = id === caller.id;
  if (!self) requireManager(caller);
  const target = self ? await userById(services, id) : await teammate(services, caller, id);
  // The manager flag is not editable on oneself (spec 000 §6: hidden when editing oneself).
  const isStaff = !self && request.isStaff !== undefined ? request.isStaff : target.isStaff;
  const [updated] = await services.db
    .update(users)
    .set({ firstName: request.firstName, lastName: request.lastName, isStaff })
    .where(eq(users.id, id))
    .returning();
  if (!updated) throw notFound();
  const [customer] = await services.db
    .select()
    .from(customers)
    .where(eq(customers.id, updated.customerId))
    .limit(1);
  return presentCollaborator(updated, customer?.name ?? '');
}

export async function removeUser(services: Services, caller: Caller, id: number): Promise<void> {
  requireManager(caller);
  if (id === caller.id) throw badRequest({ nonFieldErrors: [messages.cannotRemoveSelf] });
  const target = await teammate(services, caller, id);
  if (target.isSuperuser && !caller.isSuperuser) throw forbidden();
  await services.db.delete(users).where(eq(users.id, id));
  await logCallerEvent(services.db, caller, 'user.removed', target.email);
}

async function pendingTeammate(services: Services, caller: Caller, id: number): Promise<UserRow> {
  requireManager(caller);
  const target = await teammate(services, caller, id);
  if (target.isActive || target.invitedById === null)
    throw badRequest({ nonFieldErrors: [messages.notPending] });
  return target;
}

export async function resendInvite(services: Services, caller: Caller, id: number): Promise<void> {
  const target = await pendingTeammate(services, caller, id);
  await sendActivation(services, target, await inviterOf(services, caller));
  await logCallerEvent(services.db, caller, 'invitation.resent', target.email);
}

export async function revokeInvite(services: Services, caller: Caller, id: number): Promise<void> {
  const target = await pendingTeammate(services, caller, id);
  await services.db.delete(users).where(eq(users.id, target.id));
  await logCallerEvent(services.db, caller, 'invitation.revoked', target.email);
}
