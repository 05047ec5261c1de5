// Payload of the environmental contours (ENVC), drawn by ../contours.ts.
import { label, withUnits, type PayloadBuilder } from './context';
import { array, list, num, nums, obj, type Json } from './read';

/** ENVC: the IFORM contours, the occurrence cells of the sea states and the fitted joint model. */
export const contourPayload: PayloadBuilder = (result, { field, partner, target }) => {
  const r = obj(result);
  const contours = list(r.contours);
  const density = obj(r.density);
  const model = obj(r.model);
  const hsLaw = obj(model.hs);
  const bins = list(model.bins);
  // stored before issue 21: no counts outside (-999 each), no warnings
  const exceedances: Json[] = Array.isArray(r.exceedances) ? list(r.exceedances) : contours.map(() => ({}));
  const onContour = (key: 'hs' | 'tp') => contours.map((c) => list(c.points).map((pt) => num(pt[key])));
  // the year-block bootstrap band (issue 31): absent from results stored before it
  const band = r.band && typeof r.band === 'object' ? obj(r.band) : null;
  const bands = band ? list(band.bands) : [];
  const onBand = (side: 'lower' | 'upper', key: 'hs' | 'tp') =>
    bands.map((b) => list(b[side]).map((pt) => num(pt[key])));
  const bandNote =
    typeof r.bandNote === 'string'
      ? r.bandNote
      : band
        ? null
        : 'no band: these contours were computed before bands were added; recompute the point to get one';
  const column = (key: string, units: string, longName: string) =>
    array(
      bins.map((b) => num(b[key])),
      ['hsClass'],
      units,
      longName,
    );
  return {
    arrays: {
      returnPeriod: array(
        contours.map((c) => num(c.returnPeriod)),
        ['returnPeriod'],
        'year',
        'return period',
      ),
      beta: array(
        contours.map((c) => num(c.beta)),
        ['returnPeriod'],
        '1',
        'reliability index β (contour radius in standard normal space)',
      ),
      contourMaxHs: array(
        contours.map((c) => num(c.maxHs)),
        ['returnPeriod'],
        field.units,
        `largest ${label(field)} on the contour`,
      ),
      outside: array(
        exceedances.map((e) => num(e.outside)),
        ['returnPeriod'],
        '1',
        'observed sea states outside the contour',
      ),
      expectedOutside: array(
        exceedances.map((e) => num(e.expected)),
        ['returnPeriod'],
        '1',
        'sea states the joint model expects outside the contour',
      ),
      contourHs: array(
        onContour('hs'),
        ['returnPeriod', 'contourPoint'],
        field.units,
        `${label(field)} on the contour`,
      ),
      contourTp: array(
        onContour('tp'),
        ['returnPeriod', 'contourPoint'],
        partner.units,
        `${label(partner)} on the contour`,
      ),
      ...(band
        ? {
            bandLowerHs: array(
              onBand('lower', 'hs'),
              ['returnPeriod', 'contourPoint'],
              field.units,
              `${label(field)} on the band's inner edge`,
            ),
            bandLowerTp: array(
              onBand('lower', 'tp'),
              ['returnPeriod', 'contourPoint'],
              partner.units,
              `${label(partner)} on the band's inner edge`,
            ),
            bandUpperHs: array(
              onBand('upper', 'hs'),
              ['returnPeriod', 'contourPoint'],
              field.units,
              `${label(field)} on the band's outer edge`,
            ),
            bandUpperTp: array(
              onBand('upper', 'tp'),
              ['returnPeriod', 'contourPoint'],
              partner.units,
              `${label(partner)} on the band's outer edge`,
            ),
          }
        : {}),
      tpEdges: array(nums(density.tpEdges), ['tpEdge'], partner.units, `${label(partner)} cell edge`),
      hsEdges: array(nums(density.hsEdges), ['hsEdge'], field.units, `${label(field)} cell edge`),
      counts: array(
        Array.isArray(density.counts) ? density.counts.map(nums) : [],
        ['tpCell', 'hsCell'],
        '1',
        'number of sea states',
      ),
      classHs: column('hs', field.units, `${label(field)} at the centre of the class`),
      classMu: column('mu', '1', `mean of ln ${label(partner)} in the class`),
      classSigma: column('sigma', '1', `standard deviation of ln ${label(partner)} in the class`),
      classCount: column('count', '1', 'pairs in the class'),
    },
    kwargs: {
      xName: 'contourTp',
      yName: 'contourHs',
      xLabel: withUnits(partner),
      yLabel: withUnits(field),
      partner: target.partner,
      seaStateHours: num(r.seaStateHours),
      warnings: Array.isArray(r.warnings) ? r.warnings.map(String) : [],
      pairs: num(density.pairs),
      band: band
        ? {
            ci: num(band.ci),
            resamples: num(band.resamples),
            seed: num(band.seed),
            years: num(band.years),
            used: num(band.used),
          }
        : null,
      bandNote,
      model: {
        hsLaw: 'weibull3',
        hsLocation: num(hsLaw.location),
        hsScale: num(hsLaw.scale),
        hsShape: num(hsLaw.shape),
        a: nums(model.a),
        b: nums(model.b),
      },
    },
  };
};
