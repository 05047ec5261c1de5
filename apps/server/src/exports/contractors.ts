// The "export all" of the marine contractors wizard (spec 001 §2.6 statistics step, §7 GET
// jobs/{id}/download/ xlsx): one sheet per point and boat; a row per (sequence or operation, percentile),
// a column per month, values in the format's unit (days, or percent). Sheet names are cut to Excel's 31
// characters and made unique.
import ExcelJS from 'exceljs';
import {
  conditionSymbols,
  contractorPercentileConventions,
  type ContractorResults,
} from '@metocean/contracts';
import type { Caller, Services } from '../services/context';
import { jobResults } from '../services/contractors';

function sheetName(wanted: string, taken: Set<string>): string {
  const clean = wanted.replace(/[[\]*?/\\:]/g, ' ').slice(0, 31);
  let name = clean;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${clean.slice(0, 27)} (${i})`;
  taken.add(name.toLowerCase());
  return name;
}

export async function contractorsWorkbook(results: ContractorResults): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const taken = new Set<string>();
  for (const point of results.points)
    for (const boat of results.boats) {
      const cell = results.dataByPoints[String(point.id)]?.[String(boat.id)];
      if (!cell) continue;
      const sheet = workbook.addWorksheet(sheetName(`${point.name} - ${boat.name}`, taken));
      sheet.addRow([`Point ${point.name} (${point.lat}, ${point.lng}); boat ${boat.name}`]);
      sheet.addRow([
        `${results.dataFormat} (${results.unit}); record ${results.period.start} to ${results.period.end}; ` +
          `${cell.censored} of ${cell.totalStarts} starts censored`,
      ]);
      // what Pp means, above the table it describes (issue 35)
      sheet.addRow([contractorPercentileConventions[results.dataFormat]]);
      sheet.addRow(['Item', 'Percentile', ...results.periods]);
      const rows = (label: string, table: ContractorResults['dataByPoints'][string][string]['sequence']) => {
        for (const p of results.percentiles)
          sheet.addRow([label, `P${p}`, ...results.periods.map((m) => table[`P${p}`]?.[m] ?? null)]);
      };
      rows('Whole sequence', cell.sequence);
      for (const operation of boat.operations) {
        const constraints = operation.constraints
          .map((c) => `${c.varName} ${conditionSymbols[c.condition]} ${c.limit} ${c.unit}`)
          .join(', ');
        rows(
          `${operation.name} (${operation.duration} h; ${constraints})`,
          cell.operations[String(operation.id)]!,
        );
      }
      sheet.addRow([]);
      sheet.addRow(['Starts', '', ...results.periods.map((m) => cell.starts[m] ?? 0)]);
      sheet.getColumn(1).width = 48;
    }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function downloadContractors(services: Services, caller: Caller, id: number) {
  const results = await jobResults(services, caller, id);
  return { fileName: `contractors-${id}.xlsx`, body: await contractorsWorkbook(results) };
}
