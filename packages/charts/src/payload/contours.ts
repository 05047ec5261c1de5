// Payload of the environmental contours (ENVC), drawn by ../contours.ts.
import { label, withUnits, type PayloadBuilder } from './context';
import { array, list, num, nums, obj } from './read';

/** ENVC: the IFORM contours, the occurrence cells of the sea states and the fitted joint model. */
export const contourPayload: PayloadBuilder = (result, { field, partner, target }) => {
  const r = obj(result);
  const contours = list(r.contours);
  const density = obj(r.density);
  const model = obj(r.model);
  const hsLaw = obj(model.hs);
  const bins = list(model.bins);
  const onContour = (key: 'hs' | 'tp') => contours.map((c) => list(c.points).map((pt) => num(pt[key])));
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
      tpEdges: array(nums(density.tpEdges), ['tpEdge'], partner.units, `${label(partner)} cell edge`),
      hsEdges: array(nums(density.hsEdges), ['hsEdge'], field.units, `${label(field)} cell edge`),
      counts: array(
        Array.isArray(density.counts) ? density.counts.map(nums) : [],
        ['tpCell', 'hsCell'],
        '1',
        'number of sea states',
      ),
      classHs: column('hs', field.units, `mean ${label(field)} of the class`),
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
      pairs: num(density.pairs),
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
