// The "export all" of the marine contractors wizard (spec 001 §2.6 statistics step, §7 GET
// jobs/{id}/download/ xlsx): one sheet per point and boat; a row per (sequence or operation, percentile),
// a column per month, values in the format's unit (days, or percent). Sheet names are cut to Excel's 31
// characters and made unique. One unit per sheet (issue 30): durations in hours, or in days when one passes
// 220 h; every value rounded to its stated precision. Operations the point's data cannot run are listed with
// the reason instead of numbers. The alpha table the constraints were factored with (issue 32) is named in
// row 2 and, below the table, with its source, the built-in table's calibration note and each factored limit
// of the sheet's boat, or "none", like the AWD About sheet. Under each percentile row, the lower and upper
// bounds of its year-block interval (issue 31), in the sheet's unit and precision; row 4 names the interval
// settings; below the table, the years each month rests on and, in words, why a month has no interval.
import { loadExcelJS } from '@metocean/hindcast';
import {
  conditionSymbols,
  contractorPercentileConventions,
  intervalNotesText,
  yearBlockIntervalLabel,
  type ContractorResults,
} from '@metocean/contracts';
import {
  ALPHA_PARAMETER_UNITS,
  durationIn,
  formatAlpha,
  formatLimit,
  roundTo,
  tableDurationUnit,
  DURATION_UNIT_NAMES,
} from '@metocean/core';
import type { Caller, Services } from '../services/context';
import { jobResults } from '../services/contractors';

function sheetName(wanted: string, taken: Set<string>): string {
  const clean = wanted.replace(/[[\]*?/\\:]/g, ' ').slice(0, 31);
  let name = clean;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${clean.slice(0, 27)} (${i})`;
  taken.add(name.toLowerCase());
  return name;
}

/** The alpha rows below a boat's table: the table, its source and note, each factored limit; or none. */
export function contractorsAlphaRows(
  alpha: ContractorResults['alpha'],
  boat: ContractorResults['boats'][number],
): string[][] {
  if (!alpha) return [['Alpha factors', '', 'none (the raw limits of the constraints)']];
  const unit = ALPHA_PARAMETER_UNITS[alpha.parameter];
  const label = alpha.parameter === 'hs' ? 'Hs' : 'wind speed';
  // boat names are unique within a customer, operation names within a boat (schema)
  const factored = alpha.factored.filter((f) => f.tripId === boat.name);
  return [
    ['Alpha factors', '', `${alpha.name}; TPOP = the operation's duration`],
    ['Alpha source', '', alpha.source],
    ...(alpha.note ? [['Alpha note', '', alpha.note]] : []),
    ...(factored.length === 0
      ? [['Alpha factored limits', '', `none: no constraint of this boat limits ${label}`]]
      : factored.map((f) => [
          'Alpha factored limit',
          '',
          `${f.activityId}: ${label} ≤ ${formatLimit(f.limit)} ${unit} × α ${formatAlpha(f.alpha)} ` +
            `(TPOP ${f.tpopHours} h, row ≤ ${f.rowHours} h) = ${formatLimit(f.effectiveLimit)} ${unit}`,
        ])),
  ];
}

export async function contractorsWorkbook(results: ContractorResults): Promise<Buffer> {
  const workbook = new (await loadExcelJS()).Workbook();
  const taken = new Set<string>();
  for (const point of results.points)
    for (const boat of results.boats) {
      const cell = results.dataByPoints[String(point.id)]?.[String(boat.id)];
      if (!cell) continue;
      const sheet = workbook.addWorksheet(sheetName(`${point.name} - ${boat.name}`, taken));
      type Monthly = ContractorResults['dataByPoints'][string][string]['sequence'];
      type Bands = NonNullable<ContractorResults['dataByPoints'][string][string]['intervals']>['sequence'];
      const tables: Monthly[] = [cell.sequence, ...Object.values(cell.operations)];
      // issue 31: the intervals, when the run has them (absent in older results)
      const bands = results.intervals ? cell.intervals : undefined;
      const bounds = (bands ? [bands.sequence, ...Object.values(bands.operations)] : []).flatMap((t) =>
        Object.values(t).flatMap((row) => Object.values(row).flatMap((b) => b ?? [])),
      );
      const duration = results.dataFormat === 'DURATION';
      // DURATION values are stored in days: the sheet's unit from all its values, in hours
      const unit = duration
        ? tableDurationUnit(
            [...tables.flatMap((t) => Object.values(t).flatMap((row) => Object.values(row))), ...bounds].map(
              (d) => (d === null ? null : d * 24),
            ),
          )
        : null;
      const value = (v: number | null | undefined) =>
        v === null || v === undefined ? null : unit ? durationIn(v * 24, unit) : roundTo(v, 1);
      const unitText = unit ? DURATION_UNIT_NAMES[unit] : results.unit;
      // which series the run read (issue 33): a calibrated variant carries its correction
      const series = point.calibration
        ? `series: calibrated variant, ${point.calibration}`
        : 'series: original hindcast';
      sheet.addRow([`Point ${point.name} (${point.lat}, ${point.lng}); boat ${boat.name}; ${series}`]);
      sheet.addRow([
        `${results.dataFormat} (${unitText}); record ${results.period.start} to ${results.period.end}; ` +
          `${cell.censored} of ${cell.totalStarts} starts censored; ` +
          `alpha factors: ${results.alpha ? `${results.alpha.name} (below the table)` : 'none'}`,
      ]);
      // what Pp means, above the table it describes (issue 35)
      sheet.addRow([contractorPercentileConventions[results.dataFormat]]);
      sheet.addRow([
        results.intervals && bands
          ? `Intervals: under each percentile, the lower and upper bounds of its ` +
            `${yearBlockIntervalLabel(results.intervals)}, seed ${results.intervals.seed}; ` +
            `${results.intervals.method}`
          : 'Intervals: none (results computed before intervals were added; run again to get them)',
      ]);
      sheet.addRow(['Item', 'Percentile', ...results.periods.map((m) => `${m} (${unit ?? results.unit})`)]);
      const coverage = results.intervals ? `${Math.round(results.intervals.ci * 1000) / 10} %` : '';
      const rows = (label: string, table: Monthly, band: Bands | undefined) => {
        for (const p of results.percentiles) {
          sheet.addRow([label, `P${p}`, ...results.periods.map((m) => value(table[`P${p}`]?.[m]))]);
          if (!band) continue;
          sheet.addRow([
            label,
            `P${p} ${coverage} lower`,
            ...results.periods.map((m) => value(band[`P${p}`]?.[m]?.[0])),
          ]);
          sheet.addRow([
            label,
            `P${p} ${coverage} upper`,
            ...results.periods.map((m) => value(band[`P${p}`]?.[m]?.[1])),
          ]);
        }
      };
      const notDoable = cell.notDoable ?? {};
      const left = boat.operations.filter((o) => notDoable[String(o.id)] !== undefined);
      if (left.length < boat.operations.length)
        rows(
          left.length > 0 ? `Whole sequence without ${left.map((o) => o.name).join(', ')}` : 'Whole sequence',
          cell.sequence,
          bands?.sequence,
        );
      for (const operation of boat.operations) {
        const constraints = operation.constraints
          .map((c) => `${c.varName} ${conditionSymbols[c.condition]} ${c.limit} ${c.unit}`)
          .join(', ');
        const label = `${operation.name} (${operation.duration} h; ${constraints})`;
        const reason = notDoable[String(operation.id)];
        if (reason !== undefined) sheet.addRow([label, '', reason]);
        else rows(label, cell.operations[String(operation.id)]!, bands?.operations[String(operation.id)]);
      }
      sheet.addRow([]);
      sheet.addRow(['Starts', '', ...results.periods.map((m) => cell.starts[m] ?? 0)]);
      if (bands) {
        sheet.addRow(['Years of data', '', ...results.periods.map((m) => bands.years[m] ?? 0)]);
        for (const line of intervalNotesText(bands.notes, results.periods))
          sheet.addRow(['Interval note', '', line]);
      }
      sheet.addRow([]);
      for (const row of contractorsAlphaRows(results.alpha, boat)) sheet.addRow(row);
      sheet.getColumn(1).width = 48;
    }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function downloadContractors(services: Services, caller: Caller, id: number) {
  const results = await jobResults(services, caller, id);
  return { fileName: `contractors-${id}.xlsx`, body: await contractorsWorkbook(results) };
}
