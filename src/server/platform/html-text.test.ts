import { describe, expect, it } from 'vitest';
import { cutAtWord, htmlToText } from './html-text';

describe('htmlToText', () => {
  it('strips tags and decodes entities', () => {
    expect(htmlToText('<p>Hello &amp; <b>welcome</b></p><script>x</script>')).toBe('Hello & welcome');
    expect(htmlToText('<p>5 &lt; 6 &gt; 4, &quot;quoted&quot; it&#39;s&nbsp;here &amp;lt;</p>')).toBe(
      '5 < 6 > 4, "quoted" it\'s here &lt;',
    );
  });

  it('keeps a space between blocks, as a browser shows them apart', () => {
    // The event page body that ran together in search snippets.
    const content =
      '<p>Hosted with Rashad Owens.</p><h3>What to expect</h3>' +
      '<ul><li>12:00 PM: Lunch and introductions</li><li>12:20 PM: Panel</li></ul>';
    expect(htmlToText(content)).toBe(
      'Hosted with Rashad Owens. What to expect 12:00 PM: Lunch and introductions 12:20 PM: Panel',
    );
    expect(htmlToText('one<br>two<br/>three<hr>four')).toBe('one two three four');
    expect(htmlToText('<div>a</div><div>b</div><blockquote>c</blockquote><pre>d</pre>')).toBe('a b c d');
    expect(htmlToText('<table><tr><th>Name</th><th>Role</th></tr><tr><td>Jo</td><td>Host</td></tr></table>')).toBe(
      'Name Role Jo Host',
    );
    expect(htmlToText('<figure><img src="/a.png" alt="x"><figcaption>Caption</figcaption></figure>after')).toBe(
      'Caption after',
    );
    expect(htmlToText('<h1>A</h1><h2>B</h2><h4>C</h4><h5>D</h5><h6>E</h6><ol><li>F</li></ol>')).toBe('A B C D E F');
  });

  it('keeps inline tags inside a word and adds no space at either end', () => {
    expect(htmlToText('<p><strong>Power</strong>Mixer and <a href="https://x.test">a link</a>.</p>')).toBe(
      'PowerMixer and a link.',
    );
    expect(htmlToText('<p>  spaced \n\n  out  </p><p></p>')).toBe('spaced out');
    expect(htmlToText('plain text')).toBe('plain text');
    expect(htmlToText('')).toBe('');
  });

  it('drops what is not shown: scripts, styles, comments, attributes', () => {
    expect(htmlToText('<style>p{}</style><!-- note --><p title="hidden">shown</p><img alt="not text">')).toBe('shown');
  });
});

describe('cutAtWord', () => {
  it('leaves short text alone and cuts long text at a word, with an ellipsis', () => {
    expect(cutAtWord('short', 10)).toBe('short');
    expect(cutAtWord('one two three four', 12)).toBe('one two…');
    expect(cutAtWord('x'.repeat(30), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
