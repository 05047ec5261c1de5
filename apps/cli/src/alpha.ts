// The alpha options of `metocean planning` and `metocean operation` (issue 32): `--alpha
// os-h101-2011-t4-1` (or `none`) picks the built-in DNV-OS-H101 (2011) Table 4-1; `--alpha-table FILE.csv`
// reads a company table (core parseAlphaTableCsv). The two exclude each other.
import {
  BUILT_IN_ALPHA_ID,
  OS_H101_2011_T4_1,
  parseAlphaTableCsv,
  PlanningError,
  type AlphaTable,
} from '@metocean/core';
import { CliError, type Io } from './cli';

export function alphaTableOf(
  command: string,
  alpha: string | undefined,
  tableFile: string | undefined,
  io: Io,
): AlphaTable | null {
  if (alpha !== undefined && tableFile !== undefined)
    throw new CliError(`${command}: give --alpha or --alpha-table, not both`);
  if (tableFile !== undefined) {
    let text: string;
    try {
      text = io.readText(tableFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new CliError(`${tableFile}: no such file`);
      throw error;
    }
    try {
      const name = tableFile.replace(/^.*[\\/]/, '').replace(/\.csv$/i, '');
      const table = parseAlphaTableCsv(text, name);
      return { ...table, id: 'file', source: table.source || `file ${tableFile}` };
    } catch (error) {
      if (error instanceof PlanningError) throw new CliError(`${tableFile}: ${error.message}`);
      throw error;
    }
  }
  if (alpha === undefined || alpha === 'none') return null;
  if (alpha !== BUILT_IN_ALPHA_ID)
    throw new CliError(
      `${command}: --alpha takes none or ${BUILT_IN_ALPHA_ID} (or --alpha-table FILE.csv), got "${alpha}"`,
    );
  return OS_H101_2011_T4_1;
}
