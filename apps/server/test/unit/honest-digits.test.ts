import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { FULL_PRECISION_MARK, noisyNumbers, significantDigits } from '../honest-digits';

// The walker of issue 30 itself: it must find the noise the issue quotes (960.3000000000002,
// 0.4166666666666667, 1.2999999523, "threshold 3.9800000190734863") in each kind of file, and pass honest ones.
async function workbook(cells: (string | number)[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('S').addRow(cells);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function pdf(text: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const parts: Buffer[] = [];
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.text(text);
    doc.end();
  });
}

describe('honest digits walker', () => {
  it('counts significant digits as written', () => {
    expect(significantDigits('960.3000000000002')).toBe(16);
    expect(significantDigits('0.4166666666666667')).toBe(16);
    expect(significantDigits('1.2999999523')).toBe(11);
    expect(significantDigits('0.0042')).toBe(2);
    expect(significantDigits('96000')).toBe(2);
    expect(significantDigits('-1.5e-7')).toBe(2);
  });

  it('finds float noise in xlsx cells and text, and passes rounded values', async () => {
    expect(await noisyNumbers('a.xlsx', await workbook([960.3000000000002, 'x', 0.42]))).toEqual([
      'S!A1=960.3000000000002',
    ]);
    expect(await noisyNumbers('a.xlsx', await workbook(['threshold 3.9800000190734863']))).toEqual([
      'S!A1 "3.9800000190734863"',
    ]);
    expect(await noisyNumbers('a.xlsx', await workbook([960.3, 0.42, 96432]))).toEqual([]);
    expect(await noisyNumbers('a.xlsx', await workbook([0.4166666666666667, FULL_PRECISION_MARK]))).toEqual(
      [],
    );
  });

  it('walks csv in zips and PDF text', async () => {
    const zip = new JSZip();
    zip.file('matchups.csv', 'time,model\n2000-01-01T00:00:00.000Z,1.2999999523\n');
    zip.file('metrics.csv', 'bias\n0.0123\n');
    const bytes = await zip.generateAsync({ type: 'nodebuffer' });
    expect(await noisyNumbers('c.zip', bytes)).toEqual(['matchups.csv: 1.2999999523']);
    expect(await noisyNumbers('r.pdf', await pdf('peaks over threshold 3.9800000190734863 m'))).toEqual([
      '3.9800000190734863',
    ]);
    expect(await noisyNumbers('r.pdf', await pdf('peaks over threshold 3.98 m, 96,432 hours'))).toEqual([]);
  });
});
