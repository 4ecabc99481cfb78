import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { MailMessage } from '../../platform/mail';
import { absoluteLinks, escapeHtml } from '../../platform/mail-html';
import { unsubscribeLinks } from '../../platform/unsubscribe';

// An announcement's mail: the organiser's rich text as the HTML part, the same words as the text
// part, a link to it in the archive, and the one-click unsubscribe from Community news that
// names the announcement (so its progress counts the unsubscribes it caused).

export interface AnnouncementContent {
  id: string;
  subject: string;
  bodyHtml: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!);

/** The text part of sanitised rich HTML: paragraphs apart, list items as "- ", a link's address
 * after its words. Our own sanitiser's output only, so a few rules cover what it lets through. */
export function richHtmlToMailText(html: string): string {
  return decode(
    html
      .replace(/\r?\n/g, ' ')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<li[^>]*>/gi, '- ')
      .replace(/<\/li>/gi, '\n')
      .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, (_, href: string, words: string) => {
        const text = words.replace(/<[^>]*>/g, '');
        return decode(text) === decode(href) ? text : `${text} (${href})`;
      })
      .replace(/<img\s[^>]*alt="([^"]+)"[^>]*>/gi, '[$1]')
      .replace(/<\/(p|h[1-6]|blockquote|ul|ol|pre)>/gi, '\n\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export const newsUrl = (config: Pick<Config, 'publicUrl'>, id: string) => `${config.publicUrl}/news/${id}`;

/** The HTML document around the organiser's words. */
function document(subject: string, bodyHtml: string, footerLines: string[]): string {
  const footer = footerLines
    .map((line) => escapeHtml(line).replace(/https?:\/\/[^\s<]+[^\s<.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`))
    .join('<br>');
  return [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#fff;color:#111;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
    '<div style="max-width:600px">',
    bodyHtml.replace(/<img\s/gi, '<img style="max-width:100%;height:auto" '),
    `<hr style="border:0;border-top:1px solid #ccc;margin:24px 0 8px"><p style="margin:0;font-size:13px;color:#555">${footer}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

/** The mail to one member (`to` their address), or the admin's test copy. */
export async function announcementMail(
  db: Db,
  config: Config,
  announcement: AnnouncementContent,
  to: { userId: string; email: string },
  options: { test?: boolean } = {},
): Promise<MailMessage> {
  const links = await unsubscribeLinks(
    db,
    config,
    { kind: 'member', id: to.userId },
    'community-news',
    announcement.id,
  );
  const body = absoluteLinks(announcement.bodyHtml, config.publicUrl);
  const read = `Read it on the site: ${newsUrl(config, announcement.id)}`;
  const footer = [read, ...links.footer.split('\n')];
  const subject = options.test ? `[Test] ${announcement.subject}` : announcement.subject;
  return {
    to: to.email,
    subject,
    text: [richHtmlToMailText(body), '', '--', ...footer].join('\n'),
    html: document(subject, body, footer),
    headers: links.headers,
  };
}
