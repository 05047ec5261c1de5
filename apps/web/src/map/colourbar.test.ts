import { describe, expect, it } from 'vitest';
import { barPercent, gradientCss, sourceLine, tickLabels } from './colourbar';

describe('colour bar', () => {
  it('places stops by value over the range, clamped', () => {
    expect(barPercent(2, 0, 4)).toBe(50);
    expect(barPercent(-1, 0, 4)).toBe(0);
    expect(barPercent(9, 0, 4)).toBe(100);
    expect(barPercent(1, 3, 3)).toBe(0);
    expect(
      gradientCss(
        [
          { value: 0, color: '#000' },
          { value: 1, color: '#888' },
          { value: 4, color: '#fff' },
        ],
        0,
        4,
      ),
    ).toBe('linear-gradient(to right, #000 0.00%, #888 25.00%, #fff 100.00%)');
    expect(gradientCss([], 0, 1)).toBe('transparent');
  });

  it('labels ticks with the decimals their step needs', () => {
    expect(tickLabels([0, 0.5, 1, 1.5])).toEqual(['0.0', '0.5', '1.0', '1.5']);
    expect(tickLabels([0, 2, 4])).toEqual(['0', '2', '4']);
    expect(tickLabels([0.05, 0.1])).toEqual(['0.05', '0.10']);
  });

  it("always starts the source line with 'Source:'", () => {
    expect(sourceLine('ERA5, 1993–2003')).toBe('Source: ERA5, 1993–2003');
    expect(sourceLine('Source: NORA3')).toBe('Source: NORA3');
  });
});
