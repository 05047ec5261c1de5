// Password hashing (argon2id) and the full password rules of spec 000 §5, including the common-password
// list: the ~49,000 most frequent leaked passwords shipped by zxcvbn-ts (@zxcvbn-ts/language-common).
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { messages, passwordProblems, type PersonalInfo } from '@metocean/contracts';

// @node-rs/argon2 hashes with argon2id by default (its Algorithm enum is a const enum we cannot import
// under verbatimModuleSyntax); a test asserts the $argon2id$ prefix.
const argonOptions = {};

export const hashPassword = (password: string) => hash(password, argonOptions);

// Verified against when a login names no known user, so both paths take the same time.
const dummyHash = hash(randomBytes(16).toString('hex'), argonOptions);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await dummyHash), password);
  } catch {
    return false;
  }
}

let commonPasswords: Set<string> | undefined;
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return commonPasswords.has(password.toLowerCase().trim());
}

/** Every rule, in the order users fix them; an empty list means the password is accepted. */
export function validatePassword(
  password: string,
  confirm: string,
  info: PersonalInfo,
): Record<string, string[]> {
  const problems = passwordProblems(password, info);
  if (isCommonPassword(password)) problems.push(messages.passwordTooCommon);
  const errors: Record<string, string[]> = {};
  if (problems.length > 0) errors.password = problems;
  if (password !== confirm) errors.passwordConfirm = [messages.passwordMismatch];
  return errors;
}

/** Opaque single-use secrets (refresh tokens, activation keys, reset tokens) are stored as SHA-256. */
export const newSecret = () => randomBytes(32).toString('base64url');
export const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');
