import { describe, expect, it } from 'vitest';
import { sanitizeRichHtml } from './html';

describe('sanitizeRichHtml', () => {
  it('keeps formatting and safe links', () => {
    const out = sanitizeRichHtml(
      '<h3>Agenda</h3><p><strong>6pm</strong> <a href="https://example.com">RSVP</a></p><ul><li>Talks</li></ul>',
    );
    expect(out).toContain('<h3>Agenda</h3>');
    expect(out).toContain('<strong>6pm</strong>');
    expect(out).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">RSVP</a>');
    expect(out).toContain('<li>Talks</li>');
  });

  it('removes scripts, event handlers, javascript: links and styles', () => {
    const out = sanitizeRichHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><style>body{}</style><iframe src="https://evil.example"></iframe>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|<style|<iframe/i);
    expect(out).toContain('<p>Hi</p>');
  });

  it('keeps images from our storage only', () => {
    expect(sanitizeRichHtml('<img src="/uploads/forum-images/a.webp" alt="a">')).toContain(
      'src="/uploads/forum-images/a.webp"',
    );
    expect(sanitizeRichHtml('<img src="https://cdn.example/a.png">')).not.toContain('<img');
    expect(sanitizeRichHtml('<img src="/uploads/../api/me">')).not.toContain('<img');
    expect(sanitizeRichHtml('<img src="//evil.example/uploads/a.png">')).not.toContain('<img');
    expect(sanitizeRichHtml('<img src="data:image/png;base64,AAAA">')).not.toContain('<img');
    // With S3 storage its public URLs are ours too.
    const storage = {
      locate: (url: string) =>
        url.startsWith('https://bucket.s3.example/') ? { bucket: 'forum-images' as const, key: 'a.webp' } : null,
    };
    expect(sanitizeRichHtml('<img src="https://bucket.s3.example/forum-images/a.webp">', { storage })).toContain(
      '<img',
    );
    expect(sanitizeRichHtml('<img src="https://cdn.example/a.png">', { storage })).not.toContain('<img');
  });
});
