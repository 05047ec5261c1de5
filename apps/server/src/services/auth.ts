// Sign-in, sign-up, activation, password reset and impersonation (spec 000 §7 Authentication, §8).
import type { LoginThrottle } from './login-throttle';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import {
  errorCodes,
  limits,
  messages,
  specialOffers,
  type RegistrationRequest,
  type TokenPair,
} from '@metocean/contracts';
import {
  customers,
  offerInstances,
  offerInstanceZones,
  offers,
  offerZones,
  passwordResets,
  users,
} from '../db/schema';
import { badRequest, fieldError, forbidden, HttpError, unauthorized } from '../http/errors';
import { activationMail, invitationMail, resetMail } from '../mail/templates';
import type { Caller, Services } from './context';
import { logEvent } from './events';
import { digest, hashPassword, newSecret, validatePassword, verifyPassword } from './passwords';
import { issueTokens, revokeAllForUser } from './tokens';

const ACTIVATION_DAYS = 7;
const RESET_HOURS = 24;

type UserRow = typeof users.$inferSelect;

const findByLogin = async (services: Services, login: string): Promise<UserRow | undefined> => {
  const [user] = await services.db
    .select()
    .from(users)
    .where(or(eq(users.username, login), eq(users.email, login.toLowerCase())))
    .limit(1);
  return user;
};

/**
 * Signs in. The throttle (login-throttle.ts) answers 429 before the password is checked, the same way for
 * every login text, known or not; a failure counts against the login and the address.
 */
export async function login(
  services: Services,
  username: string,
  password: string,
  ip: string,
  throttle: LoginThrottle,
): Promise<TokenPair> {
  if (throttle.blocked(username, ip))
    throw new HttpError(429, { detail: messages.accountLocked, code: errorCodes.locked });
  const user = await findByLogin(services, username.trim());
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) {
    throttle.failed(username, ip);
    if (user && throttle.blocked(username, ip))
      await logEvent(services.db, {
        actorId: user.id,
        customerId: user.customerId,
        action: 'login.locked',
        detail: `sign-in paused for ${limits.lockMinutes} min after repeated failed attempts from ${ip}`,
      });
    throw badRequest({ nonFieldErrors: [messages.loginFailed] });
  }
  if (!user.isActive) throw badRequest({ nonFieldErrors: [messages.inactiveAccount] });
  throttle.succeeded(username, ip);
  await services.db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: new Date() })
    .where(eq(users.id, user.id));
  await logEvent(services.db, { actorId: user.id, customerId: user.customerId, action: 'login', detail: ip });
  return issueTokens(services, user.id, null);
}

async function sendActivation(
  services: Services,
  user: UserRow,
  inviter?: { name: string; customer: string },
) {
  const key = newSecret();
  await services.db
    .update(users)
    .set({
      verificationKeyHash: digest(key),
      verificationKeyExpiresAt: new Date(Date.now() + ACTIVATION_DAYS * 86_400_000),
    })
    .where(eq(users.id, user.id));
  const base = `${services.config.publicUrl}/registration/activate?key=${encodeURIComponent(key)}`;
  const mail = inviter
    ? invitationMail(user.email, inviter.name, inviter.customer, `${base}&invite=1`)
    : activationMail(user.email, user.firstName || user.username, base);
  await services.queue.send('send-email', mail);
}
export { sendActivation };

async function assertUnique(services: Services, username: string, email: string): Promise<void> {
  const clashes = await services.db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(eq(users.username, username), eq(users.email, email)));
  const fieldErrors: Record<string, string[]> = {};
  if (clashes.some((row) => row.username === username)) fieldErrors.username = [messages.usernameTaken];
  if (clashes.some((row) => row.email === email)) fieldErrors.email = [messages.emailTaken];
  if (Object.keys(fieldErrors).length > 0) throw badRequest({ fieldErrors });
}

/**
 * Self sign-up: a new customer account, its first manager, and a Free Trial offer instance when that offer
 * exists (decision: a self-registered user manages an account of their own; see docs/decisions.md).
 */
export async function register(services: Services, request: RegistrationRequest): Promise<void> {
  const email = request.email.toLowerCase();
  const passwordErrors = validatePassword(request.password, request.passwordConfirm, { ...request, email });
  if (Object.keys(passwordErrors).length > 0) throw badRequest({ fieldErrors: passwordErrors });
  await assertUnique(services, request.username, email);
  const passwordHash = await hashPassword(request.password);
  const user = await services.db.transaction(async (tx) => {
    const [customer] = await tx
      .insert(customers)
      .values({ name: `${request.firstName} ${request.lastName}` })
      .returning();
    if (!customer) throw new Error('customer insert returned nothing');
    const [trial] = await tx.select().from(offers).where(eq(offers.name, specialOffers.freeTrial)).limit(1);
    if (trial) {
      const {
        id: _id,
        name: _name,
        description: _d,
        informationalMessage: _m,
        durationDays,
        createdAt: _c,
        ...terms
      } = trial;
      const now = new Date();
      const [instance] = await tx
        .insert(offerInstances)
        .values({
          ...terms,
          offerId: trial.id,
          customerId: customer.id,
          offerStart: now,
          offerEnd: new Date(now.getTime() + durationDays * 86_400_000),
        })
        .returning({ id: offerInstances.id });
      const zoneRows = await tx
        .select({ zoneId: offerZones.zoneId })
        .from(offerZones)
        .where(eq(offerZones.offerId, trial.id));
      if (instance && zoneRows.length > 0)
        await tx
          .insert(offerInstanceZones)
          .values(zoneRows.map((z) => ({ offerInstanceId: instance.id, zoneId: z.zoneId })));
      await tx
        .update(customers)
        .set({ credits: trial.credits, totalCredits: trial.credits })
        .where(eq(customers.id, customer.id));
    }
    const [created] = await tx
      .insert(users)
      .values({
        customerId: customer.id,
        username: request.username,
        email,
        firstName: request.firstName,
        lastName: request.lastName,
        passwordHash,
        isStaff: true,
        isActive: false,
      })
      .returning();
    if (!created) throw new Error('user insert returned nothing');
    await logEvent(tx, {
      actorId: created.id,
      customerId: customer.id,
      action: 'registration',
      detail: email,
    });
    return created;
  });
  await sendActivation(services, user);
}

export async function isRegistrationPending(services: Services, email: string): Promise<boolean> {
  const [row] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.isActive, false)))
    .limit(1);
  return row !== undefined;
}

export async function activate(
  services: Services,
  request: {
    verificationKey: string;
    username?: string | undefined;
    password?: string | undefined;
    passwordConfirm?: string | undefined;
  },
): Promise<TokenPair> {
  const [user] = await services.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.verificationKeyHash, digest(request.verificationKey)),
        gt(users.verificationKeyExpiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!user || user.isActive) throw fieldError('verificationKey', messages.invalidVerificationKey);
  const changes: Partial<UserRow> = {
    isActive: true,
    verificationKeyHash: null,
    verificationKeyExpiresAt: null,
  };
  if (user.passwordHash === null) {
    // An invitee chooses a password (and may change the username proposed from the e-mail) here.
    const username = request.username?.trim() || user.username;
    const errors = validatePassword(request.password ?? '', request.passwordConfirm ?? '', {
      ...user,
      username,
    });
    if (!request.password) errors.password = [messages.required];
    if (Object.keys(errors).length > 0) throw badRequest({ fieldErrors: errors });
    if (username !== user.username) {
      const [taken] = await services.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, username))
        .limit(1);
      if (taken) throw fieldError('username', messages.usernameTaken);
      changes.username = username;
    }
    changes.passwordHash = await hashPassword(request.password ?? '');
  }
  // The link of the e-mail is proof enough of the address: opening it signs the person in (issue 35), the
  // same as a sign-in with the password just chosen (an invitee) or given at sign-up.
  changes.lastLoginAt = new Date();
  await services.db.update(users).set(changes).where(eq(users.id, user.id));
  await logEvent(services.db, {
    actorId: user.id,
    customerId: user.customerId,
    action: 'activation',
    detail: user.email,
  });
  return issueTokens(services, user.id, null);
}

export async function requestPasswordReset(services: Services, email: string): Promise<void> {
  const [user] = await services.db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.isActive, true)))
    .limit(1);
  if (!user) return; // The answer is the same either way: no account enumeration.
  const token = newSecret();
  await services.db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: digest(token),
    expiresAt: new Date(Date.now() + RESET_HOURS * 3_600_000),
  });
  const link = `${services.config.publicUrl}/accounts/password/reset/confirm?token=${encodeURIComponent(token)}`;
  await services.queue.send('send-email', resetMail(user.email, user.firstName || user.username, link));
}

export async function confirmPasswordReset(
  services: Services,
  request: { token: string; password: string; passwordConfirm: string },
): Promise<void> {
  const [row] = await services.db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, digest(request.token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row) throw fieldError('token', messages.invalidResetToken);
  const errors = validatePassword(request.password, request.passwordConfirm, row.user);
  if (Object.keys(errors).length > 0) throw badRequest({ fieldErrors: errors });
  const passwordHash = await hashPassword(request.password);
  const used = await services.db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.id, row.reset.id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  if (used.length === 0) throw fieldError('token', messages.invalidResetToken);
  await services.db
    .update(users)
    .set({ passwordHash, failedLogins: 0, lockedUntil: null })
    .where(eq(users.id, row.user.id));
  // A new password ends every open session.
  await revokeAllForUser(services, row.user.id);
  await logEvent(services.db, {
    actorId: row.user.id,
    customerId: row.user.customerId,
    action: 'password.reset',
  });
}

export async function impersonate(services: Services, caller: Caller, userId: number): Promise<TokenPair> {
  if (!caller.isSuperuser || caller.impersonatorId !== null) throw forbidden();
  if (userId === caller.id) throw badRequest({ nonFieldErrors: ['You are already signed in as this user.'] });
  const [target] = await services.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!target) throw badRequest({ fieldErrors: { userId: [messages.notFound] } });
  if (!target.isActive) throw badRequest({ fieldErrors: { userId: [messages.inactiveAccount] } });
  await logEvent(services.db, {
    actorId: target.id,
    impersonatorId: caller.id,
    customerId: target.customerId,
    action: 'impersonation.start',
    detail: `superuser #${caller.id} acts as ${target.username}`,
  });
  return issueTokens(services, target.id, caller.id);
}

export async function stopImpersonation(services: Services, caller: Caller): Promise<TokenPair> {
  if (caller.impersonatorId === null)
    throw badRequest({ nonFieldErrors: ['You are not impersonating anybody.'] });
  const [superuser] = await services.db
    .select()
    .from(users)
    .where(and(eq(users.id, caller.impersonatorId), eq(users.isSuperuser, true), eq(users.isActive, true)))
    .limit(1);
  if (!superuser) throw unauthorized(messages.credentialsExpired, errorCodes.tokenInvalid);
  await logEvent(services.db, {
    actorId: caller.id,
    impersonatorId: superuser.id,
    customerId: caller.customerId,
    action: 'impersonation.stop',
    detail: `superuser ${superuser.username} returned`,
  });
  return issueTokens(services, superuser.id, null);
}

/** Loads the caller behind verified access-token claims; an inactive or deleted user is refused. */
export async function loadCaller(
  services: Services,
  userId: number,
  impersonatorId: number | null,
): Promise<Caller> {
  const [user] = await services.db
    .select({
      id: users.id,
      customerId: users.customerId,
      isStaff: users.isStaff,
      isSuperuser: users.isSuperuser,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)))
    .limit(1);
  if (!user) throw unauthorized(messages.credentialsExpired, errorCodes.tokenInvalid);
  return { ...user, impersonatorId };
}

export const usernameFromEmail = (email: string) => email.toLowerCase().replace(/[^\w.@+-]/g, '_');
