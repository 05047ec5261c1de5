import { describe, expect, it } from 'vitest';
import { parseReleaseNotes, releaseDate } from './notes';

describe('parseReleaseNotes', () => {
  it('groups "- " items under the subsection line before them', () => {
    expect(parseReleaseNotes('Features\n- Maps\n- Reports\n\nFixes\n- Login')).toEqual([
      { heading: 'Features', items: ['Maps', 'Reports'] },
      { heading: 'Fixes', items: ['Login'] },
    ]);
  });

  it('keeps items before any subsection in an untitled one and drops heading marks', () => {
    expect(parseReleaseNotes('- First\n### Later\n- Second')).toEqual([
      { heading: null, items: ['First'] },
      { heading: 'Later', items: ['Second'] },
    ]);
  });

  it('returns nothing for empty notes', () => {
    expect(parseReleaseNotes('\n  \n')).toEqual([]);
  });
});

describe('releaseDate', () => {
  it('formats ISO dates in UTC and passes other text through', () => {
    expect(releaseDate('2025-03-12')).toBe('12 March 2025');
    expect(releaseDate('spring')).toBe('spring');
    expect(releaseDate(null)).toBeNull();
  });
});
