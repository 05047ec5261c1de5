// Issue 23's chart cosmetics as rules, measured with ECharts' own text metrics on the real ERA5 record:
// every plot starts below its title block (the subtitle never runs into the data), and the analytical-PD
// legend shows every law's name whole beside the plot.
import * as echarts from 'echarts';
import { describe, expect, it } from 'vitest';
import type { EChartsOption } from 'echarts';
import type { VisuPayload } from '@metocean/contracts';
import { lawOf } from '@metocean/core';
import { apdOption, chartOption, profileOption, visuPayloadOf } from '../src';
import { era5, era5Row, era5WithLevels, fieldsOf, rowOf } from './data';

const payload = (id: string): VisuPayload => visuPayloadOf(era5Row(id), fieldsOf(era5()));
const textWidth = (text: string, size: number) =>
  echarts.format.getTextRect(text, `${size}px sans-serif`).width;

type Title = { textStyle?: { fontSize?: number }; subtextStyle?: { fontSize?: number }; subtext?: string };

/**
 * Where ECharts' title block ends: its padding (5 above and below), the title's line, the gap (10) and
 * the subtitle's line; then half the top axis label and a data symbol (14 px) before the plot may start.
 */
function plotTopNeeded(option: EChartsOption): number {
  const title = (option.title as Title[])[0]!;
  const text = title.textStyle?.fontSize ?? 18;
  const sub = title.subtext ? 10 + (title.subtextStyle?.fontSize ?? 12) : 0;
  return 5 + text + sub + 5 + 14;
}

describe('chart layout (issue 23)', () => {
  it('starts every plot below its title and subtitle', () => {
    const epd = payload('EPD');
    const options: [string, EChartsOption][] = [
      ...['TS', 'CTS', 'EPD', 'EPD_month', 'EJPD', 'WW', 'WD', 'EXT', 'ENVC'].map(
        (id) => [id, chartOption(payload(id))] as [string, EChartsOption],
      ),
      ['APD', chartOption(payload('APD'), {}, epd)],
    ];
    const levels = era5WithLevels();
    const profile = visuPayloadOf(
      rowOf(levels, 'MEANCOLSTD', { variable: 'current_speed' }),
      fieldsOf(levels),
    );
    options.push(['MEANCOLSTD', profileOption(profile, { pointName: 'Biscay mooring' })]);
    for (const [id, option] of options) {
      const top = (option.grid as { top: number }).top;
      expect({ id, ok: top >= plotTopNeeded(option) }).toEqual({ id, ok: true });
    }
  });

  it("shows every law's name whole in a legend column beside the analytical-PD plot", () => {
    const apd = payload('APD');
    const option = apdOption(apd, payload('EPD'));
    const legend = option.legend as {
      type: string;
      orient: string;
      right: number;
      textStyle: { fontSize: number };
    };
    // not a scrolled row, which shows a page of names and hides the others behind arrows
    expect(legend.type).toBe('plain');
    expect(legend.orient).toBe('vertical');
    const names = (option.series as { name: string }[]).map((s) => s.name);
    const laws = apd.law!.values as string[];
    for (const law of laws) expect(names.some((n) => n.startsWith(`${lawOf(law).name} (KS `))).toBe(true);
    // the plot's right margin holds the widest name, its symbol (25) and gap (5)
    const right = (option.grid as { right: number }).right;
    const widest = Math.max(...names.map((n) => textWidth(n, legend.textStyle.fontSize)));
    expect(right - legend.right).toBeGreaterThanOrEqual(30 + widest);
    // hidden, the legend gives its room back to the plot
    expect((apdOption(apd, payload('EPD'), { legend: false }).grid as { right: number }).right).toBe(20);
  });
});
