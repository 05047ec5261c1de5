import { z } from 'zod';
import { entityId } from './ids';
import { limits } from './limits';
import { messages } from './messages';

const requiredText = (max: number) =>
  z.string({ error: messages.required }).trim().min(1, messages.blank).max(max, messages.maxLength(max));

export const email = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.blank)
  .max(limits.emailMax, messages.maxLength(limits.emailMax))
  .pipe(z.email({ error: messages.incorrectEmail }));

export const tokenRequest = z.object({
  /** A username or an e-mail address. */
  username: requiredText(limits.emailMax),
  password: z.string({ error: messages.required }).min(1, messages.blank),
});
export type TokenRequest = z.infer<typeof tokenRequest>;

export const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

/**
 * What a call that signs in answers (docs/decisions.md, issue 23): API clients get the pair; a caller that
 * sends `X-Token-Transport: cookie` (the web app) and a refresh made with the cookie get the refresh token
 * only as an HttpOnly cookie, so the body holds the access token alone.
 */
export const tokenGrant = z.object({
  accessToken: z.string(),
  refreshToken: z.string().optional().describe('Absent when the refresh token was set as a cookie'),
});
export type TokenGrant = z.infer<typeof tokenGrant>;

/** Refresh and logout: the token in the body (API clients) or, without it, the cookie (the web app). */
export const refreshRequest = z.object({ refreshToken: z.string().min(1, messages.blank).optional() });
export const logoutRequest = refreshRequest;

export const registrationRequest = z.object({
  username: requiredText(limits.usernameMax).regex(/^[\w.@+-]+$/, messages.incorrectFormat),
  email,
  firstName: requiredText(limits.nameMax),
  lastName: requiredText(limits.nameMax),
  password: z.string({ error: messages.required }).min(1, messages.blank),
  passwordConfirm: z.string({ error: messages.required }).min(1, messages.blank),
});
export type RegistrationRequest = z.infer<typeof registrationRequest>;

export const pendingRegistrationRequest = z.object({ email });
export const pendingRegistrationResponse = z.object({ pending: z.boolean() });

export const activationRequest = z.object({ verificationKey: z.string().trim().min(1, messages.blank) });
/** Activation also sets the password when the account was created by an invitation. */
export const invitationActivationRequest = activationRequest.extend({
  username: registrationRequest.shape.username.optional(),
  password: z.string().optional(),
  passwordConfirm: z.string().optional(),
});

export const resetPasswordRequest = z.object({ email });
export const resetPasswordConfirmRequest = z.object({
  token: z.string().trim().min(1, messages.blank),
  password: z.string({ error: messages.required }).min(1, messages.blank),
  passwordConfirm: z.string({ error: messages.required }).min(1, messages.blank),
});

export const detailResponse = z.object({ detail: z.string() });

/**
 * Activation signs the person in (issue 35: the e-mail's link is the whole step): the message and the grant
 * of a sign-in, the refresh token in the body or, for the web app, as the HttpOnly cookie.
 */
export const activationResponse = detailResponse.extend(tokenGrant.shape);

export const impersonateRequest = z.object({ userId: entityId() });
