import { plural } from '../../../shared/plural';
import type { Config } from '../../config';
import type { MailMessage } from '../../platform/mail';
import type { UnsubscribeLinks } from '../../platform/unsubscribe';

// The words of notification e-mails. They name who and how many, never what was written: the
// message or reply itself is read on the site, after signing in, where the usual rules apply.

export type DigestKind = 'messages' | 'connection-requests' | 'forum-replies';

export interface DigestItem {
  kind: DigestKind;
  /** The recipient's address and the name they go by. */
  to: string;
  name: string;
  count: number;
  /** The sender or requester ("Jordan Lee"), or the forum post's title. */
  about: string;
  /** Where the link goes (a path on this site); the sign-in page brings them back to it. */
  path: string;
}

export function digestSubject(item: Pick<DigestItem, 'kind' | 'count' | 'about'>): string {
  switch (item.kind) {
    case 'messages':
      return `${plural(item.count, 'new message', 'new messages')} from ${item.about}`;
    case 'connection-requests':
      return `${item.about} wants to connect`;
    case 'forum-replies':
      return `${plural(item.count, 'new reply', 'new replies')} to “${item.about}”`;
  }
}

const OPEN: Record<DigestKind, string> = {
  messages: 'Read them on Power Mixer',
  'connection-requests': 'Answer the request on Power Mixer',
  'forum-replies': 'Read the replies on Power Mixer',
};

export function digestMail(config: Pick<Config, 'publicUrl'>, item: DigestItem, links: UnsubscribeLinks): MailMessage {
  const subject = digestSubject(item);
  const lead =
    item.kind === 'connection-requests'
      ? `${item.about} would like to connect with you on Power Mixer.`
      : `You have ${subject.charAt(0).toLowerCase()}${subject.slice(1)} on Power Mixer.`;
  const text = [
    `Hello ${item.name},`,
    '',
    lead,
    '',
    `${OPEN[item.kind]} (you may be asked to sign in first): ${config.publicUrl}${item.path}`,
    '',
    'Power Mixer',
    '',
    '--',
    links.footer,
  ].join('\n');
  return { to: item.to, subject, text, headers: links.headers };
}
