import { describe, expect, it } from 'vitest';
import { FAQ, LOCATION_ANCHOR, pointCost } from './faq-content';

const entries = FAQ.flatMap((section) => section.entries);
const text = entries
  .flatMap((entry) => [
    entry.question,
    ...entry.answer,
    ...(entry.steps ?? []),
    ...(entry.detail?.paragraphs ?? []),
  ])
  .join('\n');

describe('the FAQ (spec 002 §2, spec 000 §9)', () => {
  it('gives every question its own anchor, the location question included', () => {
    const ids = entries.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const location = entries.find((entry) => entry.id === LOCATION_ANCHOR);
    expect(location?.question).toBe('How do I create or remove a location?');
  });

  it('states one price per point, the default of the code, never the 4 credits of the old FAQ', () => {
    // services/projects.ts creditsPerPoint: the offer's price (1 by default), 0 in demo zones and unlimited offers
    expect(text).toContain('1 credit per point');
    expect(text).not.toMatch(/\b4 credits?\b/);
    expect(text).toMatch(/demo zone cost nothing/);
  });

  it('links the statistics help', () => {
    expect(entries.some((entry) => entry.links?.some((link) => link.to === '/help/statistics'))).toBe(true);
  });
});

describe('what a point costs in an offer', () => {
  const zone = (name: string, isDemo = false) => ({ id: 1, name, isWorld: false, isDemo });
  it('follows the offer: unlimited is free, a price per point otherwise, demo zones free', () => {
    expect(pointCost({ isUnlimited: true, creditsPerPoint: 0, zones: [zone('World')] })).toBe(
      'no credit: unlimited offer',
    );
    expect(pointCost({ isUnlimited: false, creditsPerPoint: 1, zones: [zone('World')] })).toBe(
      '1 credit per point',
    );
    expect(
      pointCost({
        isUnlimited: false,
        creditsPerPoint: 4,
        zones: [zone('World'), zone('Bay of Biscay', true)],
      }),
    ).toBe('4 credits per point; free in Bay of Biscay');
    expect(pointCost({ isUnlimited: false, creditsPerPoint: 1, zones: [zone('Bay of Biscay', true)] })).toBe(
      'no credit: demo zone',
    );
  });
});
