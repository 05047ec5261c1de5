// The settings form of `/downtime/{id}/upload` (spec 001 §2.3, §5): its defaults from the scan and the
// `settings` JSON of the create call (issue 22: outputDir, percentiles, envCoords, tasksCoords,
// locationAliases {alias: point name}, formats; issue 32: alpha).
import type { PlanningFormat, PlanningSettings, ScanAnswer } from '@metocean/contracts';

export interface SettingsForm {
  outputDir: string;
  percentiles: number[];
  envCoords: string;
  tasksCoords: string;
  /** alias → point name; '' until chosen */
  locationAliases: Record<string, string>;
  formats: { value: PlanningFormat; selected: boolean }[];
  /** Alpha factors (issue 32): "none", "os-h101-2011-t4-1" or a company table "user-<id>". */
  alpha: string;
}

/** Every field from the scan; outputDir is the file name without its extension (spec 001 §2.3). */
export function defaultSettings(scan: ScanAnswer): SettingsForm {
  return {
    outputDir: scan.outputDir,
    percentiles: [...scan.percentiles],
    envCoords: scan.envCoords ?? '',
    tasksCoords: scan.tasksCoords ?? '',
    locationAliases: Object.fromEntries(
      Object.entries(scan.locationAliases).map(([alias, point]) => [alias, point ?? '']),
    ),
    formats: scan.formats.map((f) => ({ ...f })),
    alpha: 'none',
  };
}

export function settingsPayload(values: SettingsForm): PlanningSettings {
  return {
    outputDir: values.outputDir.trim(),
    percentiles: [...values.percentiles],
    envCoords: values.envCoords.trim(),
    tasksCoords: values.tasksCoords.trim(),
    locationAliases: values.locationAliases,
    formats: values.formats.filter((f) => f.selected).map((f) => f.value),
    alpha: values.alpha,
  };
}
