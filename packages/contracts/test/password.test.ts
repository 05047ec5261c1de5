import { describe, expect, it } from 'vitest';
import { compareVersions, messages, passwordProblems, similarityRatio } from '../src/index';

describe('similarityRatio', () => {
  // Reference: Python 3.11 difflib.SequenceMatcher(None, a, b).ratio(), the measure Django's
  // UserAttributeSimilarityValidator uses; printed by /usr/bin/python3 (see docs/decisions.md). Tolerance 1e-12.
  it.each([
    ['jane.doe@wave.ex1', 'jane.doe@wave.example.com', 0.7619047619047619],
    ['abcd', 'bcde', 0.75],
    ['password', 'passport', 0.75],
    ['metocean', 'oceanmet', 0.625],
    ['', 'x', 0],
    ['tidal-range-42', 'jdoe', 0.2222222222222222],
    ['aaabbb', 'ab', 0.5],
    ['the quick brown fox', 'the lazy dog', 0.3870967741935484],
  ])('ratio(%j, %j) matches difflib', (a, b, expected) => {
    expect(similarityRatio(a, b)).toBeCloseTo(expected, 12);
  });
});

describe('passwordProblems', () => {
  it('accepts a password that meets every rule', () => {
    expect(passwordProblems('Tidal-Range-42', { username: 'jdoe', email: 'jane@wave.example.com' })).toEqual(
      [],
    );
  });

  it('lists every failed rule', () => {
    expect(passwordProblems('abc')).toEqual([
      messages.passwordTooShort,
      messages.passwordNoUpper,
      messages.passwordNoDigit,
    ]);
  });

  it('refuses a password too close to a personal attribute or one of its parts', () => {
    expect(passwordProblems('Morgan-Manager1', { firstName: 'Morgan', lastName: 'Manager' })).toEqual([]);
    expect(passwordProblems('Manager12', { lastName: 'Manager' })).toEqual([messages.passwordTooSimilar]);
    expect(passwordProblems('Oceanic99X', { email: 'oceanic9@example.com' })).toEqual([
      messages.passwordTooSimilar,
    ]);
  });
});

describe('compareVersions', () => {
  it('compares numerically, not as text', () => {
    expect(compareVersions('5.10.7', '5.9.12')).toBe(1);
    expect(compareVersions('5.10.7', '5.10.7')).toBe(0);
    expect(compareVersions('5.10', '5.10.1')).toBe(-1);
  });
});
