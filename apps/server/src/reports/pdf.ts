// The PDF document of a report (pdfkit): A4, DejaVu Sans (Helvetica lacks ≥, σ, ‰), headings that feed
// the outline (bookmarks) and the table of contents, tables that break across pages with their header
// repeated, vector charts (ECharts SSR SVG drawn by svg-to-pdfkit), page numbers.
// A report is drawn twice so that its memory stays flat in its pages (issue 29): a first pass lays it out
// and writes nothing (its pages go as soon as they end), learning its number of pages and the page of every
// heading; the second draws the same pages with the table of contents and "Page i of n" known, and streams
// each page to the file as soon as it ends. The second pass checks each heading lands where the first said.
// A chart has a fixed box: the first pass places it, only the second renders and draws it.
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';

type Outline = ReturnType<PDFKit.PDFDocument['outline']['addItem']>;

export const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const FOOTER = 30;

function fontsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'assets', 'fonts');
    if (existsSync(path.join(candidate, 'DejaVuSans.ttf'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('apps/server/assets/fonts not found');
}

let measuring: PDFKit.PDFDocument | undefined;

/**
 * The width of a text in the report's fonts (DejaVu Sans, bold or not) at a size: what the PDF draws, so
 * what the charts lay their text out with (chart-svg.ts).
 */
export function textWidth(text: string, size: number, bold = false): number {
  if (!measuring) {
    measuring = new PDFDocument({ autoFirstPage: false });
    const fonts = fontsDir();
    measuring.registerFont('body', path.join(fonts, 'DejaVuSans.ttf'));
    measuring.registerFont('bold', path.join(fonts, 'DejaVuSans-Bold.ttf'));
  }
  return measuring
    .font(bold ? 'bold' : 'body')
    .fontSize(size)
    .widthOfString(text);
}

export interface TocEntry {
  title: string;
  level: number;
  /** Zero-based index of the buffered page. */
  page: number;
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

export interface PdfMeta {
  title: string;
  author: string;
  subject: string;
  keywords: string;
}

/** What the layout pass learns: the number of pages and every heading's page. */
export interface Layout {
  pages: number;
  toc: TocEntry[];
}

/** The layout pass (no output), or the pass that writes the file with the layout the first one found. */
export type PdfPass = { kind: 'layout' } | { kind: 'write'; layout: Layout; file: string };

/** The second pass did not lay the report out as the first: its contents and page numbers would be wrong. */
export class LayoutChanged extends Error {
  constructor(what: string) {
    super(`the report's layout changed between its two passes (${what}): it was not written`);
    this.name = 'LayoutChanged';
  }
}

interface PdfkitState {
  _font: unknown;
  _fontSize: number;
  _fillColor?: [PDFKit.Mixins.ColorValue, number | undefined];
}

/** A report under construction: the pdfkit document and the headings seen so far. */
export class ReportPdf {
  readonly doc: PDFKit.PDFDocument;
  readonly toc: TocEntry[] = [];
  private readonly outlines: Outline[] = [];
  /** Pages begun so far (the first is added with the document). */
  private pages = 1;
  private readonly done: Promise<void>;
  readonly footerText: string;
  private readonly pass: PdfPass;
  private readonly out: WriteStream | undefined;

  constructor(meta: PdfMeta, footerText: string, pass: PdfPass) {
    this.pass = pass;
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
      // every page is written (or dropped) when the next begins: nothing is kept but the outline
      bufferPages: false,
      autoFirstPage: true,
      info: {
        Title: meta.title,
        Author: meta.author,
        Subject: meta.subject,
        Keywords: meta.keywords,
        Creator: 'Metocean Studio',
      },
      displayTitle: true,
    });
    this.footerText = footerText;
    const fonts = fontsDir();
    this.doc.registerFont('body', path.join(fonts, 'DejaVuSans.ttf'));
    this.doc.registerFont('bold', path.join(fonts, 'DejaVuSans-Bold.ttf'));
    this.doc.font('body').fontSize(10);
    if (pass.kind === 'write') {
      const out = createWriteStream(pass.file);
      this.out = out;
      this.doc.pipe(out);
      this.done = finished(out);
      // the footer goes on each page before it ends (and is written): pdfkit ends a page when it adds the next
      const addPage = this.doc.addPage.bind(this.doc);
      this.doc.addPage = (options?: PDFKit.PDFDocumentOptions) => {
        this.footer();
        return addPage(options);
      };
    } else {
      this.out = undefined;
      // the layout pass's bytes are read and dropped, not kept in the stream's buffer
      this.doc.on('data', () => undefined);
      this.done = new Promise((resolve, reject) => {
        this.doc.on('end', resolve);
        this.doc.on('error', reject);
      });
    }
    this.doc.on('pageAdded', () => this.pages++);
  }

  /** Zero-based index of the page being drawn. */
  private get page(): number {
    return this.pages - 1;
  }

  /** "Page i of n" and the footer text at the foot of the page being drawn; the drawing state is kept. */
  private footer(): void {
    if (this.pass.kind !== 'write') return;
    const doc = this.doc;
    const state = doc as unknown as PdfkitState;
    const { x, y } = doc;
    const { _font: font, _fontSize: size, _fillColor: fill } = state;
    const { bottom } = doc.page.margins;
    doc.page.margins.bottom = 0;
    doc.font('body').fontSize(8).fillColor('#555555');
    doc.text(this.footerText, MARGIN, A4.height - MARGIN, {
      width: this.contentWidth - 80,
      lineBreak: false,
      ellipsis: true,
    });
    doc.text(`Page ${this.page + 1} of ${this.pass.layout.pages}`, MARGIN, A4.height - MARGIN, {
      width: this.contentWidth,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
    state._font = font;
    doc.fontSize(size);
    if (fill) doc.fillColor(...fill);
    doc.x = x;
    doc.y = y;
  }

  get contentWidth(): number {
    return A4.width - 2 * MARGIN;
  }

  private get bottom(): number {
    return A4.height - MARGIN - FOOTER;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  /**
   * Reserves pages for the table of contents: blank in the layout pass, written with the layout's headings
   * in the second (their pages are known then).
   */
  reserveToc(pages: number): void {
    for (let p = 0; p < pages; p++) {
      this.doc.addPage();
      if (this.pass.kind === 'write') this.tocPage(p, this.pass.layout.toc);
    }
  }

  /** The p-th page of the table of contents (the page being drawn). */
  private tocPage(p: number, toc: readonly TocEntry[]): void {
    const doc = this.doc;
    const lines = toc.filter((entry) => entry.level <= 2);
    const perPage = Math.floor((this.bottom - MARGIN - 40) / 16);
    doc.x = MARGIN;
    doc.y = MARGIN;
    if (p === 0) doc.font('bold').fontSize(18).fillColor('#0b3c5d').text('Table of contents').moveDown(0.6);
    for (const entry of lines.slice(p * perPage, (p + 1) * perPage)) {
      const y = doc.y;
      const indent = entry.level === 1 ? 0 : 16;
      doc
        .font(entry.level === 1 ? 'bold' : 'body')
        .fontSize(10)
        .fillColor('black');
      doc.text(entry.title, MARGIN + indent, y, {
        width: this.contentWidth - indent - 40,
        lineBreak: false,
        ellipsis: true,
      });
      doc.text(String(entry.page + 1), MARGIN, y, {
        width: this.contentWidth,
        align: 'right',
        lineBreak: false,
      });
      doc.y = y + 16;
    }
  }

  /**
   * A heading: level 1 starts a page. Each is a bookmark and a line of the table of contents. `keep`: the
   * height of what follows that must stay on the heading's page (a chart), so no heading ends a page alone.
   */
  heading(title: string, level: 1 | 2 | 3, keep = 0): void {
    const doc = this.doc;
    if (level === 1) doc.addPage();
    else this.ensure(Math.max(level === 2 ? 120 : 80, keep + 40));
    const size = level === 1 ? 18 : level === 2 ? 14 : 11.5;
    doc.moveDown(level === 1 ? 0 : 0.6);
    doc
      .font('bold')
      .fontSize(size)
      .fillColor(level === 1 ? '#0b3c5d' : '#16324f')
      .text(title, MARGIN, doc.y, {
        width: this.contentWidth,
      });
    doc.font('body').fontSize(10).fillColor('black').moveDown(0.4);
    const entry = { title, level, page: this.page };
    if (this.pass.kind === 'write') {
      const planned = this.pass.layout.toc[this.toc.length];
      if (planned?.title !== title || planned.page !== entry.page)
        throw new LayoutChanged(
          `"${title}" on page ${entry.page + 1}, laid out on ${planned ? planned.page + 1 : 'none'}`,
        );
    }
    this.toc.push(entry);
    const parent = level === 1 ? doc.outline : (this.outlines[level - 2] ?? doc.outline);
    const item = parent.addItem(title, { expanded: level === 1 });
    this.outlines[level - 1] = item;
    this.outlines.length = level;
  }

  paragraph(text: string, options: { bold?: boolean; size?: number; color?: string } = {}): void {
    const doc = this.doc;
    doc
      .font(options.bold ? 'bold' : 'body')
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? 'black');
    this.ensure(doc.heightOfString(text, { width: this.contentWidth }) + 4);
    doc.text(text, MARGIN, doc.y, { width: this.contentWidth, align: 'left' });
    doc.font('body').fontSize(10).fillColor('black').moveDown(0.4);
  }

  /** A visible note where a section is left out or qualified: never a silent gap. */
  note(text: string): void {
    this.paragraph(`Note: ${text}`, { color: '#8a4b00', size: 9 });
  }

  /**
   * A table; numbers are right-aligned by default. No cell is cut: a header or a cell wider than its column
   * wraps onto more lines (at spaces, or anywhere in a word longer than the column; a "\n" in a header
   * breaks it where the caller chose), and its row grows to hold it. Rows that do not fit go on the next
   * page under a repeated header.
   */
  table(columns: Column[], rows: string[][], options: { size?: number; caption?: string } = {}): void {
    const doc = this.doc;
    const size = options.size ?? 8.5;
    const pad = 5;
    const total = columns.reduce((s, c) => s + c.width, 0);
    const scale = total > this.contentWidth ? this.contentWidth / total : 1;
    const widths = columns.map((c) => c.width * scale);
    const tableWidth = widths.reduce((a, b) => a + b, 0);
    const cellOptions = (i: number) => ({ width: widths[i]! - 4, lineGap: 0 });
    const heightOf = (cells: string[], header: boolean) => {
      doc.font(header ? 'bold' : 'body').fontSize(size);
      return Math.max(size, ...cells.map((cell, i) => doc.heightOfString(cell, cellOptions(i)))) + pad;
    };
    const headers = columns.map((c) => c.header);
    const headerHeight = heightOf(headers, true);
    if (options.caption) {
      this.ensure(headerHeight + (size + pad) * 2 + 14);
      doc.font('bold').fontSize(9).text(options.caption, MARGIN, doc.y, { width: this.contentWidth });
      doc.moveDown(0.2);
    }
    const drawRow = (cells: string[], header: boolean, height: number) => {
      const y = doc.y;
      if (header) doc.rect(MARGIN, y - 2, tableWidth, height).fill('#e8eef4');
      doc
        .fillColor('black')
        .font(header ? 'bold' : 'body')
        .fontSize(size);
      let x = MARGIN;
      cells.forEach((cell, i) => {
        const align = header ? 'center' : (columns[i]?.align ?? (i === 0 ? 'left' : 'right'));
        doc.text(cell, x + 2, y, { ...cellOptions(i), align });
        x += widths[i]!;
      });
      doc.x = MARGIN;
      doc.y = y + height;
    };
    this.ensure(headerHeight + size + pad);
    drawRow(headers, true, headerHeight);
    for (const row of rows) {
      const height = heightOf(row, false);
      if (doc.y + height > this.bottom) {
        doc.addPage();
        drawRow(headers, true, headerHeight);
      }
      drawRow(row, false, height);
    }
    doc.font('body').fontSize(10).moveDown(0.6);
  }

  /**
   * A chart drawn as vectors at the current position, from the left margin or `x`, full width by default.
   * `draw` makes its SVG (ECharts' SSR renderer), in the pass that writes only: the layout pass needs the
   * chart's place, not its drawing. A drawing that fails says why in the chart's box, which keeps its place
   * (the pages stay as laid out).
   */
  svg(
    draw: () => string,
    width: number,
    height: number,
    { x = MARGIN, scale = 1, name }: { x?: number; scale?: number; name: string },
  ): void {
    const doc = this.doc;
    this.ensure(height + 6);
    const y = doc.y;
    if (this.pass.kind === 'write') {
      let svg: string | undefined;
      try {
        svg = draw();
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        doc
          .font('body')
          .fontSize(9)
          .fillColor('#8a4b00')
          .text(`Note: the ${name} could not be drawn: ${reason}`, x, y, { width, height });
      }
      // the canvas is `scale` times the drawn size: drawn under a scaling transform
      if (svg !== undefined) this.drawSvg(svg, width, height, { x, y }, scale);
    }
    doc.font('body').fontSize(10).fillColor('black');
    doc.x = MARGIN;
    doc.y = y + height + 6;
  }

  private drawSvg(svg: string, width: number, height: number, at: { x: number; y: number }, scale: number) {
    const doc = this.doc;
    doc.save();
    doc.translate(at.x, at.y).scale(1 / scale);
    SVGtoPDF(doc, svg, 0, 0, {
      width: width * scale,
      height: height * scale,
      assumePt: true,
      // the fonts the charts were measured in (chart-svg.ts)
      fontCallback: (_family: string, bold: boolean) => (bold ? 'bold' : 'body'),
    });
    doc.restore();
  }

  /**
   * Ends the document. The layout pass answers its layout; the second writes the last page's footer and
   * answers once the file is whole.
   */
  async finish(): Promise<Layout> {
    if (this.pass.kind === 'write') {
      const { layout } = this.pass;
      if (this.pages !== layout.pages || this.toc.length !== layout.toc.length)
        throw new LayoutChanged(`${this.pages} pages, laid out on ${layout.pages}`);
      this.footer();
    }
    this.doc.end();
    await this.done;
    return { pages: this.pages, toc: this.toc };
  }

  /** Stops a drawing that will not end (an error, a stop): its file is closed, the caller removes it. */
  abort(): void {
    if (this.out) {
      this.doc.unpipe(this.out);
      this.out.destroy();
    }
    // the stream's end is awaited by no one now
    this.done.catch(() => undefined);
  }
}
