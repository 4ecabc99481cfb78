import { describe, expect, it } from 'vitest';
import { textToHtml } from './mail-html';

describe('the HTML part made from a text mail', () => {
  const text = [
    'Hello Ana <b>,',
    '',
    'Your guests:',
    '  - Ann <ann@example.com>',
    '',
    'Your ticket: show it.',
    '',
    'Details: https://example.com/e?a=1&b=2.',
    '',
    '--',
    'Footer',
  ].join('\n');
  const html = textToHtml(text, 'A & B', [{ after: 'Your ticket: show it.', html: '<img src="cid:t" alt="Code">' }]);

  it('says the same words, escaped, with its links, list and footer marked up', () => {
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>A &amp; B</title>');
    expect(html).toContain('Hello Ana &lt;b&gt;,');
    expect(html).not.toContain('<b>');
    expect(html).toMatch(/<ul[^>]*><li>Ann &lt;ann@example\.com&gt;<\/li><\/ul>/);
    expect(html).toContain('<a href="https://example.com/e?a=1&amp;b=2">https://example.com/e?a=1&amp;b=2</a>.');
    expect(html).toMatch(/<hr[^>]*><p[^>]*>Footer<\/p>/);
  });

  it('puts the picture right after the paragraph that names it', () => {
    expect(html).toMatch(/Your ticket: show it\.<\/p>\n<p[^>]*><img src="cid:t" alt="Code"><\/p>\n<p[^>]*>Details:/);
  });
});
