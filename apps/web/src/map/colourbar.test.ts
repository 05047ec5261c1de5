import { describe, expect, it } from 'vitest';
import { barPercent, colourAt, gradientCss, sourceLine, swatchColour, tickLabels } from './colourbar';

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

  it("gives a layer's legend swatch the middle of its colour bar, as the tiles paint it", () => {
    // Linear in RGB between the stops around the value, rounded to whole levels (packages/hindcast colorAt):
    // halfway from #000000 to #ff8040 is (127.5, 64, 32) → #804020, a quarter (63.75, 32, 16) → #402010.
    const two = [
      { value: 0, color: '#000000' },
      { value: 10, color: '#ff8040' },
    ];
    expect(colourAt(two, 5)).toBe('#804020');
    expect(colourAt(two, 2.5)).toBe('#402010');
    expect(colourAt(two, -1)).toBe('#000000');
    expect(colourAt(two, 11)).toBe('#ff8040');
    expect(colourAt([...two].reverse(), 5)).toBe('#804020');
    // The viridis property file of a layer over 0–8 m (stops at the colour map's positions 0, .13, .25, .38,
    // .5, …): the middle is the .5 stop, rgb(33, 144, 141); 3 m lies 1/1.04 of the way from the 2 m stop
    // (59, 81, 139) to the 3.04 m one (44, 113, 142): (44.58, 111.77, 141.88) → #2d708e.
    const viridis = [
      [0, '#440154'],
      [1.04, '#472c7a'],
      [2, '#3b518b'],
      [3.04, '#2c718e'],
      [4, '#21908d'],
      [5.04, '#27ad81'],
      [6, '#5cc863'],
      [7.04, '#aadc32'],
      [8, '#fde725'],
    ].map(([value, color]) => ({ value: value as number, color: color as string }));
    expect(swatchColour({ colorStops: viridis, min: 0, max: 8 })).toBe('#21908d');
    expect(colourAt(viridis, 3)).toBe('#2d708e');
    // A layer without range: the middle stop, as the tiles paint it; no stops: no colour.
    expect(swatchColour({ colorStops: viridis, min: 1, max: 1 })).toBe('#21908d');
    expect(swatchColour({ colorStops: [], min: 0, max: 1 })).toBeNull();
  });
});
