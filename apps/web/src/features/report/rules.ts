// Pure rules of the Report tab: which parts a project's computed points hold, the default report name.
import { kindOf, type Field } from '@metocean/core';
import {
  REPORT_PARTS,
  defaultReportName,
  type Project,
  type ReportPart,
  type ReportType,
} from '@metocean/contracts';

const PART_OF_KIND: Partial<Record<string, ReportPart>> = {
  waveHeight: 'waves',
  period: 'waves',
  windSpeed: 'wind',
  currentSpeed: 'currents',
  waterLevel: 'waterLevels',
  surge: 'waterLevels',
  tide: 'waterLevels',
};

/** The parts the computed points' variables cover (from their overview tables), in the report's order. */
export function availableParts(project: Pick<Project, 'overviewStats'>): ReportPart[] {
  const found = new Set<ReportPart>();
  for (const rows of Object.values(project.overviewStats))
    for (const row of rows) {
      const part =
        PART_OF_KIND[
          kindOf(row.variable, { variable: row.variable, longName: row.longName } as unknown as Field)
        ];
      if (part) found.add(part);
    }
  return REPORT_PARTS.filter((part) => found.has(part));
}

/** The name the form proposes until the user edits it (spec 000 §2.9). */
export function proposedName(
  project: Pick<Project, 'name' | 'points'>,
  type: ReportType,
  pointIds: readonly number[],
  parts: readonly ReportPart[],
  available: readonly ReportPart[],
): string {
  const names = project.points.filter((p) => pointIds.includes(p.id)).map((p) => p.name);
  const all = parts.length === 0 || available.every((p) => parts.includes(p));
  return defaultReportName(project.name, type, names, all ? [] : parts);
}

/** Toggles an id in a selection; 'all' selects every id or, when all are selected, none. */
export function toggled<T>(selection: readonly T[], value: T | 'all', every: readonly T[]): T[] {
  if (value === 'all') return selection.length === every.length ? [] : [...every];
  return selection.includes(value) ? selection.filter((v) => v !== value) : [...selection, value];
}
