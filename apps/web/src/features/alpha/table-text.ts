// The grid of a company alpha table as the settings page edits it (issue 32): "tpop_hours,L1,L2,…" then
// one row per TPOP bound, the core's CSV reading (parseAlphaTableCsv) with the name, source and parameter
// given by the form's own fields.
import type { AlphaTableInput } from '@metocean/contracts';
import { parseAlphaTableCsv, PlanningError, type AlphaTable } from '@metocean/core';

export function gridText(table: Pick<AlphaTable, 'tpopHours' | 'limits' | 'values'>): string {
  return [
    ['tpop_hours', ...table.limits].join(','),
    ...table.tpopHours.map((h, r) => [h, ...table.values[r]!].join(',')),
  ].join('\n');
}

/** The table to send, or the problems in words (each rule named, nothing guessed). */
export function tableFromForm(form: {
  name: string;
  source: string;
  parameter: AlphaTableInput['parameter'];
  grid: string;
}): { table: AlphaTableInput } | { problems: string } {
  try {
    const read = parseAlphaTableCsv(
      `name,${form.name}\nsource,${form.source}\nparameter,${form.parameter}\n${form.grid}`,
      form.name,
    );
    return {
      table: {
        name: read.name,
        source: read.source,
        parameter: read.parameter,
        tpopHours: [...read.tpopHours],
        limits: [...read.limits],
        values: read.values.map((row) => [...row]),
      },
    };
  } catch (error) {
    if (error instanceof PlanningError) return { problems: error.message.replace(/^alpha table: /, '') };
    throw error;
  }
}
