// No table of a report cuts a header or a cell (issue 30: "6 h: P · wait P10/P…"): a header wider than
// its column wraps onto more lines and its row grows. Read back with poppler (pdftotext -bbox, the word
// boxes): every word is printed whole, inside its column, with no ellipsis anywhere.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReportPdf, type Column, type PdfPass } from '../../src/reports/pdf';

interface Word {
  text: string;
  xMin: number;
  xMax: number;
  yMin: number;
  page: number;
}

/** The words of a PDF with their boxes (pdftotext -bbox), page by page. */
function words(bytes: Buffer): Word[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'report-table-'));
  const file = path.join(dir, 'table.pdf');
  writeFileSync(file, bytes);
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const out: Word[] = [];
  html.split('<page').forEach((page, p) => {
    for (const m of page.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g,
    ))
      out.push({ text: m[4]!, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), page: p });
  });
  return out;
}

const unescape = (s: string) => s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

// the persistence table's columns (operability.ts) and headers as long as an interval column's
const columns: Column[] = [
  { header: 'Month', width: 40 },
  ...[6, 12, 24, 48, 72].map((d) => ({ header: `${d} h window\nP (%) · wait\nP10/P50/P90 (h)`, width: 91 })),
  { header: 'P50 with its 90 % confidence interval (h)', width: 60 },
];
const rows = Array.from({ length: 80 }, (_, i) => [
  i === 0 ? 'A very long first cell that cannot fit its column' : `R${i}`,
  ...[1, 2, 3, 4, 5].map(() => '93.2 · 12/145/>2400'),
  '139 [120, 162]',
]);

describe('report tables', () => {
  it('print every header and cell whole, inside its column, on every page the table spans', async () => {
    // drawn as a report is (render.ts): a layout pass, then the pass that writes the file
    const meta = { title: 't', author: 'a', subject: 's', keywords: 'k' };
    const draw = (pass: PdfPass) => {
      const pdf = new ReportPdf(meta, 'footer', pass);
      pdf.table(columns, rows, { caption: 'hs < 1.0 m', size: 7.5 });
      return pdf.finish();
    };
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'report-table-')), 'table.pdf');
    await draw({ kind: 'write', layout: await draw({ kind: 'layout' }), file });
    const found = words(readFileSync(file));
    const all = found.map((w) => unescape(w.text));
    expect(all.join(' ')).not.toContain('…');
    // the columns scaled to the page's 495.28 pt as table() does, from the left margin (50 pt)
    const total = columns.reduce((s, c) => s + c.width, 0);
    const scale = Math.min(1, 495.28 / total);
    const edges = columns.reduce<number[]>((e, c) => [...e, e.at(-1)! + c.width * scale], [50]);
    // each header is printed whole on the first page (its words in order, inside its column)
    const pages = new Set(found.map((w) => w.page));
    expect(pages.size).toBeGreaterThan(1); // 80 rows: the header is repeated on the next page
    for (const page of pages) {
      const onPage = found.filter((w) => w.page === page);
      columns.forEach((column, i) => {
        const inColumn = onPage.filter((w) => w.xMin >= edges[i]! - 0.5 && w.xMax <= edges[i + 1]! + 0.5);
        // a line may break after a "/" as well as at a space: compared without the spaces
        const text = inColumn.map((w) => unescape(w.text)).join('');
        expect(text, `page ${page} column ${i}`).toContain(column.header.replace(/\s+/g, ''));
      });
    }
    // the long first cell is whole too (wrapped inside its 40 pt column), every number is whole
    const first = found.filter((w) => w.xMax <= edges[1]! + 0.5).map((w) => unescape(w.text));
    expect(first.join(' ')).toContain('A very long first cell that cannot fit its column');
    const text = all.join('');
    expect(text.split('93.2·12/145/>2400').length - 1).toBe(5 * rows.length);
    expect(text.split('139[120,162]').length - 1).toBe(rows.length);
  });
});
