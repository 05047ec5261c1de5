import { describe, expect, it } from 'vitest';
import { EXAMPLES, markdownBlocks } from './content';

describe('example help content', () => {
  it('turns a method page into headings and paragraphs with bold runs', () => {
    const blocks = markdownBlocks('# EPD — title\n\n**Definition.** Histogram of\none variable `x`.\n\n');
    expect(blocks).toEqual([
      { heading: true, runs: [{ text: 'EPD — title', bold: false }] },
      {
        heading: false,
        runs: [
          { text: 'Definition.', bold: true },
          { text: ' Histogram of one variable x.', bold: false },
        ],
      },
    ]);
  });

  it('has the method page of docs/methods for every example', () => {
    for (const example of EXAMPLES) expect(example.method).toMatch(/^# /);
  });
});
