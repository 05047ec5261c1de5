// Honest digits (issue 30): every file the product writes for a person — xlsx, csv, PDF, and the zips that
// carry them — is walked, and every number in it with more than 10 significant digits is reported (float
// noise such as 960.3000000000002 or 1.2999999523 stored as 1.29999995231628). A file that states "This file
// keeps full precision" (a data export of doubles) is exempt. The integration tests call assertHonestDigits
// on each file they download.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { expect } from 'vitest';

export const MAX_SIGNIFICANT_DIGITS = 10;
/** The sentence by which a file declares that it keeps full (double) precision. */
export const FULL_PRECISION_MARK = 'This file keeps full precision';

/** Significant digits of a number as written: "0.004166" → 4, "960.3000000000002" → 16, "1.5e-7" → 2. */
export function significantDigits(written: string): number {
  const mantissa = written.replace(/^[-+]/, '').replace(/[eE][-+]?\d+$/, '');
  const digits = mantissa.replace('.', '').replace(/^0+/, '');
  // trailing zeros of a whole number ("96000") are not noise; of a decimal they are written digits
  const significant = mantissa.includes('.') ? digits : digits.replace(/0+$/, '');
  return significant.length;
}

/** The numbers of a text (a CSV, a PDF's text) with too many significant digits. */
export function noisyInText(text: string): string[] {
  // digits separated by a thousands comma or a date dash are separate tokens; a decimal point joins
  const tokens = text.match(/-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g) ?? [];
  return tokens.filter((t) => significantDigits(t) > MAX_SIGNIFICANT_DIGITS);
}

async function xlsxNumbers(bytes: Buffer): Promise<{ exempt: boolean; noisy: string[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const noisy: string[] = [];
  let exempt = false;
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const v = cell.value;
        if (typeof v === 'number') {
          if (significantDigits(String(v)) > MAX_SIGNIFICANT_DIGITS)
            noisy.push(`${sheet.name}!${cell.address}=${v}`);
        } else if (typeof v === 'string') {
          if (v.includes(FULL_PRECISION_MARK)) exempt = true;
          noisy.push(...noisyInText(v).map((t) => `${sheet.name}!${cell.address} "${t}"`));
        }
      }),
    ),
  );
  return { exempt, noisy };
}

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'digits-'));
  try {
    const file = path.join(dir, 'file.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The noisy numbers of one file by its name's extension ("" when it is honest or exempt); zips recurse. */
export async function noisyNumbers(name: string, bytes: Buffer): Promise<string[]> {
  const lower = name.toLowerCase();
  if (lower.endsWith('.zip')) {
    const zip = await JSZip.loadAsync(bytes);
    const out: string[] = [];
    for (const entry of Object.values(zip.files))
      if (!entry.dir)
        out.push(
          ...(await noisyNumbers(entry.name, await entry.async('nodebuffer'))).map(
            (n) => `${entry.name}: ${n}`,
          ),
        );
    return out;
  }
  if (lower.endsWith('.xlsx')) {
    const { exempt, noisy } = await xlsxNumbers(bytes);
    return exempt ? [] : noisy;
  }
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) {
    const text = bytes.toString('utf8');
    return text.includes(FULL_PRECISION_MARK) ? [] : noisyInText(text);
  }
  if (lower.endsWith('.pdf')) {
    const text = pdfText(bytes);
    return text.includes(FULL_PRECISION_MARK) ? [] : noisyInText(text);
  }
  return [];
}

/** Fails the test naming every number of the file with more than 10 significant digits. */
export async function assertHonestDigits(name: string, bytes: Buffer): Promise<void> {
  expect(await noisyNumbers(name, bytes), `float noise in ${name}`).toEqual([]);
}
