import { describe, expect, it } from 'vitest';
import { featureSections, PUBLIC_LINKS, sessionActions } from './content';

describe('sessionActions (the public bar)', () => {
  it('offers nothing while the session is restored, so a signed-in visitor never sees "Sign in" flash', () => {
    expect(sessionActions('restoring')).toEqual([]);
  });

  it('offers the way into the app when signed in, sign-in and sign-up otherwise', () => {
    expect(sessionActions('signedIn')).toEqual(['open']);
    expect(sessionActions('signedOut')).toEqual(['signIn', 'register']);
  });
});

describe('public content', () => {
  it("links the spec's three public pages, the examples and the help a prospect reads, each once", () => {
    const paths = PUBLIC_LINKS.map((link) => link.to);
    // issue 35: the FAQ and the AWD guide are public and linked from the public bar
    expect(paths).toEqual([
      '/front',
      '/features',
      '/demo',
      '/help/statistics',
      '/help/faq',
      '/help/advanced_weather_downtime',
    ]);
  });

  it('gives every feature section a unique anchor, a summary and at least one detail', () => {
    const ids = featureSections.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const section of featureSections) {
      expect(section.id).toMatch(/^[a-z]+$/);
      expect(section.summary.length).toBeGreaterThan(40);
      expect(section.points.length).toBeGreaterThan(0);
    }
  });
});
