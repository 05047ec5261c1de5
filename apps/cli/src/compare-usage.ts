// The usage lines of `metocean compare` and `metocean calibrate` (own file: cli.ts prints them, compare.ts imports cli.ts).
export const COMPARE_USAGE = `  compare   MODEL_FILE OBS_FILE --var hs [--obs-var NAME] [--window H]
            pairs each measurement with the nearest model time within H hours (default 0: exact times only)
            and prints n, bias, pbias, rmse, urmse, si, nrmse, corr, std_ratio, slope, intercept, r2 (the
            measurement on the model), or n, dir_bias, dir_rmse, dir_corr for a direction.
  calibrate MODEL_FILE OBS_FILE --var hs [--obs-var NAME] --method linear|power|quantile [--per-month]
            [--window 0] [--out corrected.csv]
            fits o = a + b·m, o = a·m^b or an empirical quantile mapping (per calendar month with
            --per-month) and prints its parameters and bias, rmse, si and the 99th-percentile error before
            and after, in sample and leave-one-year-out. Refused from fewer than 300 pairs, pairs spanning
            less than 91 days, or a direction. --out writes the corrected model series as a CSV.`;
