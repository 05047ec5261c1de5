import { describe, expect, it } from 'vitest';
import { trackingEvent } from '@metocean/contracts';
import { searchEvent } from './tracking-rules';

describe('search tracking events (spec 000 §7)', () => {
  it('records what was searched, in which box, with its spaces tidied', () => {
    expect(searchEvent('projects', '  North   Sea ')).toEqual({
      category: 'search',
      action: 'projects',
      label: 'North Sea',
    });
    expect(searchEvent('place', 'Brest')?.action).toBe('place');
  });

  it('records nothing for an empty box or a single letter', () => {
    expect(searchEvent('team', '')).toBeNull();
    expect(searchEvent('team', ' a ')).toBeNull();
    expect(searchEvent('team', 'ab')).not.toBeNull();
  });

  it('keeps a long search within the API label limit', () => {
    const event = searchEvent('projects', 'x'.repeat(800))!;
    expect(event.label).toHaveLength(500);
    expect(trackingEvent.safeParse(event).success).toBe(true);
  });
});
