// The method text of each statistic (the registry's, which its chart and exports state: kwargs.method) is
// quoted verbatim by its page of docs/methods/, and the extremes page quotes every kind of interval an
// analysis may name: a text changed in one place and not the other fails here (docs/decisions.md, "Method
// texts: one source"). Line breaks of the Markdown are spaces.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STATISTICS, type StatisticId } from '../src';
import { INTERVAL_METHODS } from '../src/extremes/intervals';

/** The page of docs/methods/ that documents each statistic (a new statistic needs one to compile). */
const PAGES: Record<StatisticId, string> = {
  TS: 'ts.md',
  CTS: 'ts.md',
  EPD: 'epd.md',
  EPD_month: 'descriptive.md',
  APD: 'apd.md',
  EJPD: 'ejpd.md',
  DR: 'dr.md',
  DR_month: 'dr.md',
  WW: 'ww.md',
  WD: 'wd.md',
  MEANCOLSTD: 'meancolstd.md',
  EXT: 'extremes.md',
  EXT_month: 'extremes.md',
  EXT_direction: 'extremes.md',
  MAEXT: 'extremes.md',
  MIEXT: 'extremes.md',
  CUREXT: 'extremes.md',
  HEIEXT: 'extremes.md',
  NOCYC: 'extremes.md',
  ENVC: 'contours.md',
  EFT: 'eft.md',
};

const page = (name: string): string =>
  readFileSync(new URL(`../../../docs/methods/${name}`, import.meta.url), 'utf8').replace(/\s+/g, ' ');

/** What the page says after each "**In one line (ID, ID):**" naming the statistic. */
function quoted(text: string, id: StatisticId): string[] {
  return [...text.matchAll(/\*\*In one line \(([^)]*)\):\*\* /g)]
    .filter((m) => m[1]!.split(', ').includes(id))
    .map((m) => text.slice(m.index + m[0].length));
}

describe('docs/methods quote the method texts of the registry', () => {
  for (const statistic of STATISTICS) {
    it(`${PAGES[statistic.id]} quotes the method of ${statistic.id} under its id`, () => {
      const quotes = quoted(page(PAGES[statistic.id]), statistic.id);
      expect(quotes).toHaveLength(1);
      expect(quotes[0]!.slice(0, statistic.method.length + 1)).toBe(`${statistic.method}.`);
    });
  }

  it('extremes.md quotes every interval text', () => {
    for (const text of Object.values(INTERVAL_METHODS)) expect(page('extremes.md')).toContain(`"${text}"`);
  });
});
