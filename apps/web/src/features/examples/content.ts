// What each example chart shows and how to read it; the method pages come from docs/methods/ as written
// for the engine, so the help and the code say the same thing.
import apd from '../../../../../docs/methods/apd.md?raw';
import contours from '../../../../../docs/methods/contours.md?raw';
import descriptive from '../../../../../docs/methods/descriptive.md?raw';
import dr from '../../../../../docs/methods/dr.md?raw';
import ejpd from '../../../../../docs/methods/ejpd.md?raw';
import epd from '../../../../../docs/methods/epd.md?raw';
import extremes from '../../../../../docs/methods/extremes.md?raw';
import ts from '../../../../../docs/methods/ts.md?raw';
import wd from '../../../../../docs/methods/wd.md?raw';
import ww from '../../../../../docs/methods/ww.md?raw';

/** The size a card's thumbnail chart is drawn at, before it is scaled down to the card's width. */
export const THUMBNAIL_SIZE = { width: 640, height: 430 } as const;

export interface ExampleText {
  /** Statistic id of the example payload. */
  id: string;
  /** Statistic code (the help anchor: /help/statistics#EXT). */
  code: string;
  read: string;
  method: string;
}

export const EXAMPLES: ExampleText[] = [
  {
    id: 'TS',
    code: 'TS',
    read: 'The whole record against time. Zoom with the wheel or the slider: the visible window is redrawn at full detail, and every peak of the record stays visible at any zoom.',
    method: ts,
  },
  {
    id: 'EPD',
    code: 'EPD',
    read: 'How often each value occurs (bars, %) and the chance of reaching it (exceedance line). Click twice on the histogram to select a range and read its probability; click again to clear it.',
    method: epd,
  },
  {
    id: 'EPD_month',
    code: 'EPD',
    read: 'Mean, median, minimum and maximum per calendar month over every year of the record: the seasonal cycle at a glance.',
    method: descriptive,
  },
  {
    id: 'APD',
    code: 'APD',
    read: 'Six probability laws fitted to the data, drawn over the histogram. The Kolmogorov–Smirnov distance in the legend tells how close each law is (smaller is closer).',
    method: apd,
  },
  {
    id: 'DR',
    code: 'DR',
    read: 'Where the waves come from and how high they are: each sector is split into height classes, its length is the share of time. Click a sector in the Analyze tab to filter the histogram to that direction.',
    method: dr,
  },
  {
    id: 'DR_month',
    code: 'DR',
    read: 'The same rose for one calendar month (choose it with the month selector): monsoon seasons turn the rose around.',
    method: dr,
  },
  {
    id: 'EJPD',
    code: 'EJPD',
    read: 'Joint occurrence of height and direction in per mille of the time: the bright cells are the usual sea states.',
    method: ejpd,
  },
  {
    id: 'WW',
    code: 'WW',
    read: 'The chance that a calm window of 6, 12, 24 or 48 hours (every hour below the limit) starts at a random time in each month, and for the whole year.',
    method: ww,
  },
  {
    id: 'WD',
    code: 'WD',
    read: 'For an operation needing a calm window, the waiting time before it can start: percentiles (choose them as comma-separated integers 1–99) and the mean, per month.',
    method: wd,
  },
  {
    id: 'EXT',
    code: 'EXT',
    read: 'Return values: the level exceeded on average once in T years, with its confidence band, the fitted law and the empirical points of the annual maxima. The table gives the values; "-" means no finite value (T = 1 year for annual maxima).',
    method: extremes,
  },
  {
    id: 'ENVC',
    code: 'ENVC',
    read: 'Combinations of wave height and peak period expected once in 1, 10 or 100 years (IFORM contours of a joint Hs–Tp model), over the sea states of the record. The top of a contour is the design sea state; structures sensitive to period are checked along the whole line.',
    method: contours,
  },
];

/** Markdown paragraphs as plain blocks: headings and paragraphs, **bold** kept as bold runs. */
export function markdownBlocks(
  text: string,
): { heading: boolean; runs: { text: string; bold: boolean }[] }[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.replace(/\n/g, ' ').trim())
    .filter(Boolean)
    .map((block) => {
      const heading = block.startsWith('#');
      const body = block.replace(/^#+\s*/, '').replace(/`/g, '');
      const runs = body.split(/\*\*/).map((part, i) => ({ text: part, bold: i % 2 === 1 }));
      return { heading, runs: runs.filter((r) => r.text.length > 0) };
    });
}
