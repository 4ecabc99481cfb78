import { describe, expect, it } from 'vitest';
import { XSS_VECTORS, unsafeParts } from '../../test/xss';
import { localStorage } from '../../platform/storage';
import { cleanRichText, excerptOf } from './content';

const storage = localStorage('/tmp/unused-forum-uploads');
const content = { field: 'content', label: 'Content' };
const reply = { field: 'content', label: 'Reply' };

describe('forum content sanitising', () => {
  it('lets none of the OWASP XSS filter-evasion vectors survive', () => {
    for (const vector of XSS_VECTORS) {
      const stored = cleanRichText(`<p>ok</p>${vector}`, storage, content, false);
      expect(unsafeParts(stored), `${vector}\n=> ${stored}`).toEqual([]);
    }
  });

  it('keeps the formatting members use, and our own images', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <a href="mailto:a@b.co">mail</a></p>' +
      '<blockquote><p>quoted</p></blockquote><ol><li>one</li></ol><p><img src="/uploads/forum-images/a.webp" alt="chart"></p>';
    const stored = cleanRichText(html, storage, content, true);
    expect(stored).toContain('<strong>b</strong>');
    expect(stored).toContain('<blockquote><p>quoted</p></blockquote>');
    expect(stored).toContain('<img src="/uploads/forum-images/a.webp" alt="chart" />');
    expect(unsafeParts(stored)).toEqual([]);
  });

  it('refuses content with nothing left after cleaning when it is required', () => {
    expect(() => cleanRichText('<script>alert(1)</script>', storage, content, true)).toThrow(/Content is required/);
    expect(cleanRichText('<p> </p>', storage, reply, false)).toBe('');
    // An image alone is content.
    expect(cleanRichText('<p><img src="/uploads/forum-images/a.webp"></p>', storage, reply, true)).toContain('<img');
  });

  it('makes a plain-text excerpt, cut at a word', () => {
    expect(excerptOf('<p>One &amp; <b>two</b></p><ul><li>three</li></ul>')).toBe('One & two three');
    const long = excerptOf(`<p>${'word '.repeat(100)}</p>`);
    expect(long.length).toBeLessThanOrEqual(201);
    expect(long.endsWith('word…')).toBe(true);
  });
});
