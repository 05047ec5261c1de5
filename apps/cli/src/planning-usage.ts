// Usage text of `metocean planning` (planning.ts), read by the command's help in cli.ts.
export const PLANNING_USAGE = `  planning  PLAN.xlsx --point NAME=FILE [--point NAME=FILE …] [--alias ALIAS=NAME …] [--env RANGE]
            [--tasks RANGE] [--percentiles 50,60,70,80,90,99] [--out DIR]
            Simulates the plan from every hourly start of the common record of the points (the first
            --point serves empty location cells; an alias equal to a point name needs no --alias) and prints
            the downtime percentiles by month, bi-week and week; --out writes one .xlsx per output.`;
