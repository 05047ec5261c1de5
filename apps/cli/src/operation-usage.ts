// Usage text of `metocean operation` (operation.ts), read by the command's help in cli.ts.
export const OPERATION_USAGE = `  operation FILE --duration H --constraint "hs<=1.0" [--constraint "magw<12" …] [--percentiles 50,90]
            [--alpha none|os-h101-2011-t4-1 | --alpha-table FILE.csv] [--lat N --lon N]
            One operation of H whole hours from every hourly start of the point file; each constraint
            (<, <=, >, >=) must hold in every hour. Variables by the contractors' codes (hs, tp, dp, magw,
            thetaw, mag, theta, wlev; SI units) or catalogue names. Prints the wizard's DURATION (days),
            WEATHER_WINDOW and WEATHER_WINDOW_COMPLEMENT (%) by percentile and month.`;
