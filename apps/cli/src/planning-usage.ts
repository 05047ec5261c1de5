// Usage text of `metocean planning` (planning.ts), read by the command's help in cli.ts.
export const PLANNING_USAGE = `  planning  PLAN.xlsx --point NAME=FILE [--point NAME=FILE …] [--alias ALIAS=NAME …] [--env RANGE]
            [--tasks RANGE] [--percentiles 50,60,70,80,90,99] [--ci 0.9 --resamples 1000 --seed 1] [--out DIR]
            [--alpha none|os-h101-2011-t4-1 | --alpha-table FILE.csv]
            Simulates the plan from every hourly start of the common record of the points (the first
            --point serves empty location cells; an alias equal to a point name needs no --alias) and prints
            the downtime percentiles by month, bi-week and week, each with its year-block bootstrap
            interval (wholeSequenceIntervals, tripsIntervals; --ci coverage, --resamples, --seed) and the
            years it rests on (intervalYears; under 5: none, intervalNotes says why); --out writes one
            .xlsx per output. --alpha multiplies each activity's Hs limit by DNV-OS-H101 (2011) Table 4-1's
            α at TPOP = its min_hours (calibrated for the North Sea and Norwegian Sea, a guideline
            elsewhere); --alpha-table reads a company table.`;
