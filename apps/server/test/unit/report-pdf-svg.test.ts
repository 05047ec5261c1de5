// A report's charts are drawn (ECharts' SSR renderer) only in the pass that writes the file: the layout pass
// needs their place, not their drawing. A drawing that fails there keeps its box and says why in it, so
// the pages stay as the layout pass laid them out. Read back with poppler (pdftotext).
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReportPdf, type PdfPass } from '../../src/reports/pdf';

const meta = { title: 't', author: 'a', subject: 's', keywords: 'k' };
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"><rect width="100" height="50"/></svg>';

/** A report of three charts, each followed by a heading, drawn in both passes; counts the drawings. */
async function report(draw: (i: number) => string) {
  const calls: PdfPass['kind'][] = [];
  const pass = (p: PdfPass) => {
    const pdf = new ReportPdf(meta, 'footer', p);
    for (let i = 0; i < 3; i++) {
      pdf.svg(
        () => {
          calls.push(p.kind);
          return draw(i);
        },
        pdf.contentWidth,
        320,
        { name: `chart ${i}` },
      );
      pdf.heading(`After chart ${i}`, 2);
    }
    return pdf.finish();
  };
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'report-svg-')), 'report.pdf');
  const layout = await pass({ kind: 'layout' });
  const written = await pass({ kind: 'write', layout, file });
  return {
    calls,
    layout,
    written,
    text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
  };
}

describe('report charts', () => {
  it('are drawn once, in the pass that writes, where the layout pass placed them', async () => {
    const { calls, layout, written } = await report(() => SVG);
    expect(calls).toEqual(['write', 'write', 'write']);
    expect(written).toEqual(layout);
    // 320 pt charts: two to a page, so the headings move on with them
    expect(layout.toc.map((e) => e.page)).toEqual([0, 1, 1]);
  });

  it('a drawing that fails says why in its box; the pages stay as laid out', async () => {
    const { written, layout, text } = await report((i) => {
      if (i === 1) throw new Error('no axis for the series');
      return SVG;
    });
    expect(written).toEqual(layout);
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Note: the chart 1 could not be drawn: no axis for the series',
    );
    expect(text).toContain('After chart 2');
  });

  it('placed off the margin, go on below their box at the margin, drawn or not (as the layout pass)', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'report-svg-')), 'report.pdf');
    const pdf = new ReportPdf(meta, 'footer', { kind: 'write', layout: { pages: 1, toc: [] }, file });
    pdf.paragraph('Before the scatter');
    const { y } = pdf.doc;
    const fail = () => {
      throw new Error('a long reason that wraps onto several lines of the note in the chart box '.repeat(3));
    };
    // the note's lines move pdfkit's position: the next line still starts below the 200 pt box (+ 6)
    pdf.svg(fail, 400, 200, { x: 97, scale: 1.35, name: 'scatter' });
    expect([pdf.doc.x, pdf.doc.y]).toEqual([50, y + 206]);
    pdf.svg(() => SVG, 400, 200, { x: 97, scale: 1.35, name: 'scatter' });
    expect([pdf.doc.x, pdf.doc.y]).toEqual([50, y + 412]);
    await pdf.finish();
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Note: the scatter could not be drawn');
  });
});
