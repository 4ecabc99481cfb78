import type { Config } from '../../config';
import { dateTimeFormat } from '../../platform/date-format';
import type { MailMessage } from '../../platform/mail';
import { textToHtml } from '../../platform/mail-html';
import { invitationUrl, type InvitationLink } from './links';

// The invitation mail (issue 35): to someone who is not a member yet, so it has no unsubscribe
// link (there is nothing to subscribe to) but says why it came and that nothing follows unless
// the organisers send it again, once at most. Plain text, with its HTML part made from it.

export interface InvitationMailFacts extends InvitationLink {
  name: string;
  email: string;
}

/** The one mail an invitation sends (again, on "Send again"), with a link signed by `key`. */
export function invitationMail(
  config: Pick<Config, 'publicUrl' | 'SITE_TIMEZONE'>,
  key: Buffer,
  inviter: string,
  facts: InvitationMailFacts,
): MailMessage {
  const until = dateTimeFormat('en-US', {
    timeZone: config.SITE_TIMEZONE,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(facts.expiresAt);
  const subject = `${inviter} invites you to join Power Mixer`;
  const text = [
    `Hello ${facts.name},`,
    '',
    `${inviter} invites you to join Power Mixer, the community of professionals, entrepreneurs and industry leaders who meet at our mixers, workshops and panels and keep in touch between them.`,
    '',
    `This link opens the registration form with your name and e-mail address filled in: ${invitationUrl(config, key, facts)}`,
    '',
    `It works until ${until}. After that you can still register at ${config.publicUrl}/register.`,
    '',
    'We hope to see you at the next event,',
    'Power Mixer',
    '',
    '--',
    'You get this e-mail because the organisers of Power Mixer invited you from a list of people they know. They see only whether you joined; if you do not, nothing more is sent unless they send this invitation again, once at most.',
  ].join('\n');
  return { to: facts.email, subject, text, html: textToHtml(text, subject) };
}
