// Tooltip formatters return HTML that ECharts puts into innerHTML: text from payloads is escaped
// (OWASP XSS prevention cheat sheet, rule 1: &, <, >, " and ' as entities).
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../src/common';
import { concomitantTooltip } from '../src/series';

describe('escapeHtml', () => {
  it('turns the five HTML-significant characters into entities and leaves other text alone', () => {
    expect(escapeHtml(`<img src=x onerror="alert('x')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;',
    );
    expect(escapeHtml('Hs (m) · Tp')).toBe('Hs (m) · Tp');
    expect(escapeHtml(undefined)).toBe('');
  });

  it('is applied to series names in the concomitant tooltip', () => {
    const html = concomitantTooltip([
      { axisValue: 0, seriesName: '<script>alert(1)</script>', value: [0, 1.234] },
    ]);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;: 1.23');
  });
});
