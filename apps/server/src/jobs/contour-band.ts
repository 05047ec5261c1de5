// The band of a point's environmental contours (ENVC), computed on request in a statistics thread (issue 34:
// 200 refits of the joint model cost ~0.6 s of CPU per wave height, too much for every point's standard set).
// The thread reads the point's record as the standard set did (the same node, correction and analysed series)
// and answers the contours it refitted with their band: the server checks they are the stored ones.
import { toStoredJson } from '@metocean/contracts';
import { environmentalContourBand, type StatisticTarget } from '@metocean/core';
import { analysedSeries, type PointSeries } from '../data/sources';
import type { ContourBandAnswer } from '../services/contour-band';

export type { ContourBandAnswer, ContourBandJob } from '../services/contour-band';

export function contourBandOf({ series }: PointSeries, target: StatisticTarget): ContourBandAnswer {
  const r = environmentalContourBand(analysedSeries(series), target);
  return {
    contours: r.contours.map((c) => ({ returnPeriod: c.returnPeriod, points: c.points })),
    band: toStoredJson(r.band),
    bandNote: r.bandNote,
  };
}
