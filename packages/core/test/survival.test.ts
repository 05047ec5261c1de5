import { describe as suite, expect, test } from 'vitest';
import { kaplanMeier, kaplanMeierCounts, restrictedMean, survivalQuantile } from '../src';

suite('Kaplan–Meier product-limit estimator (Kaplan & Meier 1958)', () => {
  // Published reference: the AML "Maintained" group (Miller 1981; R's survival::aml), as printed by
  // summary(survfit(Surv(time, status) ~ x, data = aml)): times 9 13 13+ 18 23 28+ 31 34 45+ 48 161+.
  // survival 0.909 0.818 0.716 0.614 0.491 0.368 0.184 (three decimals as printed), median 31. The
  // restricted mean to 161 by an independent python brute force of the product-limit definition (risk
  // sets counted literally): 52.64545454545455.
  const times = [9, 13, 13, 18, 23, 28, 31, 34, 45, 48, 161];
  const isEvent = [true, true, false, true, true, false, true, true, false, true, false];
  const curve = kaplanMeier(times, isEvent);
  test('survival at each event time and numbers at risk equal survfit', () => {
    expect(Array.from(curve.time)).toEqual([9, 13, 18, 23, 31, 34, 48]);
    expect(Array.from(curve.atRisk)).toEqual([11, 10, 8, 7, 5, 4, 2]);
    const printed = [0.909, 0.818, 0.716, 0.614, 0.491, 0.368, 0.184];
    curve.survival.forEach((s, k) => expect(Math.abs(s - printed[k]!)).toBeLessThan(5e-4));
    expect(curve.total).toBe(11);
    expect(curve.censored).toBe(4);
    expect(curve.followUp).toBe(161);
  });
  test('median and restricted mean equal survfit', () => {
    expect(survivalQuantile(curve, 0.5)).toBe(31);
    const mean = restrictedMean(curve);
    expect(mean.mean).toBeCloseTo(52.64545454545455, 10);
    expect(mean.horizon).toBe(161);
    expect(mean.restricted).toBe(true);
  });
  test('a percentile the curve never reaches is null (more than the follow-up), never a number', () => {
    // the curve ends at 0.184 > 0.1: the 90th percentile is unknown
    expect(survivalQuantile(curve, 0.9)).toBeNull();
    expect(survivalQuantile(curve, 0.8)).toBe(48);
  });
  test('without censoring: quantiles are the averaged inverse of the empirical distribution, the mean the mean', () => {
    // numpy.quantile([3, 1, 4, 1, 5, 9, 2, 6], p, method='averaged_inverted_cdf') for p = 0.25, 0.5, 0.75,
    // 0.9: 1.5, 3.5, 5.5, 9.0 (survfit's midpoint rule where the curve equals 1 − p on a flat)
    const x = [3, 1, 4, 1, 5, 9, 2, 6];
    const plain = kaplanMeier(
      x,
      x.map(() => true),
    );
    expect(survivalQuantile(plain, 0.25)).toBeCloseTo(1.5, 12);
    expect(survivalQuantile(plain, 0.5)).toBeCloseTo(3.5, 12);
    expect(survivalQuantile(plain, 0.75)).toBeCloseTo(5.5, 12);
    expect(survivalQuantile(plain, 0.9)).toBeCloseTo(9, 12);
    const mean = restrictedMean(plain);
    expect(mean.mean).toBeCloseTo(31 / 8, 12);
    expect(mean.restricted).toBe(false);
  });
  test('counts at distinct times give the same curve as one time per observation', () => {
    const counted = kaplanMeierCounts(
      [9, 13, 18, 23, 28, 31, 34, 45, 48, 161],
      [1, 1, 1, 1, 0, 1, 1, 0, 1, 0],
      [0, 1, 0, 0, 1, 0, 0, 1, 0, 1],
    );
    expect(Array.from(counted.survival)).toEqual(Array.from(curve.survival));
  });
  test('bad input is refused with a reason', () => {
    expect(() => kaplanMeierCounts([2, 1], [1, 1], [0, 0])).toThrow(/ascending/);
    expect(() => kaplanMeier([1, NaN], [true, true])).toThrow(/finite/);
    expect(() => survivalQuantile(curve, 1)).toThrow(/p must be/);
  });
});
