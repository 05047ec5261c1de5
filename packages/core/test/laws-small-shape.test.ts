// The GEV and GPD densities and distribution functions near ξz → 0, where ln(1 + ξz) is multiplied by 1/ξ:
// taken by log1p, they keep full precision (by log they lost ε/|ξz| relative, ~4e-9 at ξ = 2e-8).
// Reference: the closed forms (Coles 2001 (3.2), (4.2)) evaluated with mpmath at 50 digits:
//   ξ, z = x/σ: gpd logpdf = −ln σ − (1 + 1/ξ)·log1p(ξz), gpd cdf = 1 − exp(−log1p(ξz)/ξ),
//   gev logpdf = −ln σ − (1 + 1/ξ)·log1p(ξz) − exp(−log1p(ξz)/ξ), gev cdf = exp(−exp(−log1p(ξz)/ξ)).
import { expect, test } from 'vitest';
import { LAWS, negativeLogLikelihood, weightedSample } from '../src';

const CASES: { xi: number; x: number; scale: number; gpd: [number, number]; gev: [number, number] }[] = [
  {
    xi: 2e-8,
    x: 0.7,
    scale: 1.3,
    gpd: [-0.800825810798852, 0.4163545201641994],
    gev: [-1.3844712906346526, 0.5578609842344123],
  },
  {
    xi: -3e-8,
    x: 1.1,
    scale: 0.8,
    gpd: [-1.1518564357951653, 0.7471604113656265],
    gev: [-1.4046960244295388, 0.7765924460875211],
  },
  {
    xi: 4e-7,
    x: 2.3,
    scale: 1.3,
    gpd: [-2.0315951153551097, 0.829535828674732],
    gev: [-2.202059286680378, 0.8432733024522312],
  },
  {
    xi: 1e-5,
    x: 0.01,
    scale: 2.0,
    gpd: [-0.6981472304349441, 0.004987520682941131],
    gev: [-1.693159709752003, 0.3697188306767594],
  },
];

test.each(CASES)('ξ = $xi, x = $x: GPD and GEV logpdf and cdf to 1e-14 of the 50-digit values', (c) => {
  const p = { location: 0, scale: c.scale, shape: c.xi };
  const close = (value: number, expected: number) =>
    expect(Math.abs(value - expected)).toBeLessThan(1e-14 * Math.abs(expected));
  close(LAWS.gpd.logpdf(c.x, p), c.gpd[0]);
  close(LAWS.gpd.cdf(c.x, p), c.gpd[1]);
  close(LAWS.gev.logpdf(c.x, p), c.gev[0]);
  close(LAWS.gev.cdf(c.x, p), c.gev[1]);
});

test('the GEV negative log-likelihood (inlined) near ξ = 0 to 1e-14 of the 50-digit sums', () => {
  // Σ ln σ + (1 + 1/ξ)·log1p(ξz) + exp(−log1p(ξz)/ξ) over x = 0.3, 0.7, 1.1, 2.3, 2.3, 4.0 at μ = 0.5,
  // σ = 1.3 (mpmath, 50 digits)
  const sample = weightedSample([0.3, 0.7, 1.1, 2.3, 2.3, 4.0]);
  for (const [xi, expected] of [
    [2e-8, 10.71985574249374],
    [-3e-8, 10.719855689088293],
    [4e-7, 10.71985614837554],
  ] as const) {
    const nll = negativeLogLikelihood('gev', sample, { location: 0.5, scale: 1.3, shape: xi });
    expect(Math.abs(nll - expected)).toBeLessThan(1e-14 * expected);
  }
});
