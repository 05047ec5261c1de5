import { limits } from './limits';
import { messages } from './messages';

export interface PersonalInfo {
  username?: string | undefined;
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

/**
 * Similarity of two strings as difflib's SequenceMatcher.ratio() defines it: 2·M / (|a| + |b|), where
 * M counts the characters of the matching blocks found by repeatedly taking the longest common substring
 * (Ratcliff–Obershelp). Django's UserAttributeSimilarityValidator refuses a password at ratio ≥ 0.7.
 */
export function similarityRatio(a: string, b: string): number {
  if (a.length + b.length === 0) return 1;
  return (2 * matchingCharacters(a, b)) / (a.length + b.length);
}

function matchingCharacters(a: string, b: string): number {
  if (a.length === 0 || b.length === 0) return 0;
  let bestLength = 0;
  let bestA = 0;
  let bestB = 0;
  // Longest common substring by dynamic programming on one row.
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let previousDiagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] ?? 0;
      row[j] = a[i - 1] === b[j - 1] ? previousDiagonal + 1 : 0;
      if ((row[j] ?? 0) > bestLength) {
        bestLength = row[j] ?? 0;
        bestA = i - bestLength;
        bestB = j - bestLength;
      }
      previousDiagonal = above;
    }
  }
  if (bestLength === 0) return 0;
  return (
    bestLength +
    matchingCharacters(a.slice(0, bestA), b.slice(0, bestB)) +
    matchingCharacters(a.slice(bestA + bestLength), b.slice(bestB + bestLength))
  );
}

const maxSimilarity = 0.7;

/** The password rules of spec 000 §5 that need no word list. Returns the failed rules' messages. */
export function passwordProblems(password: string, info: PersonalInfo = {}): string[] {
  const problems: string[] = [];
  if (password.length < limits.passwordMinLength) problems.push(messages.passwordTooShort);
  if (!/[A-Z]/.test(password)) problems.push(messages.passwordNoUpper);
  if (!/[0-9]/.test(password)) problems.push(messages.passwordNoDigit);
  if (isTooSimilar(password, info)) problems.push(messages.passwordTooSimilar);
  return problems;
}

function isTooSimilar(password: string, info: PersonalInfo): boolean {
  const lowered = password.toLowerCase();
  for (const value of [info.username, info.email, info.firstName, info.lastName]) {
    if (!value) continue;
    const whole = value.toLowerCase();
    // As Django does: the whole attribute and each of its word parts (an e-mail splits at @ and dots).
    const parts = [whole, ...whole.split(/\W+/)].filter((part) => part.length >= 3);
    if (parts.some((part) => similarityRatio(lowered, part) >= maxSimilarity)) return true;
  }
  return false;
}
