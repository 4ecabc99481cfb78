import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/query-values';
import { events } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { AUDIENCE_STATUSES, type EmailAttendeesInput, type EmailAudience } from '../../../shared/event-admin';
import { EVENT_NOT_FOUND } from '../../../shared/events';
import { buildAttendeeMessage, noticeRecipients } from './notices';
import { eventExists } from './service';

// An organiser's own e-mail to an event's attendees (spec 2 section 5): who it would reach, and
// the mails themselves, one per address, written to the outbox in one transaction.

async function recipientsFor(db: Pick<Db, 'select'>, id: string, audience: EmailAudience) {
  return noticeRecipients(db, id, AUDIENCE_STATUSES[audience], audience === 'all' || audience === 'attending');
}

export async function countRecipients(db: Db, id: string, audience: EmailAudience): Promise<number> {
  if (!(await eventExists(db, id))) throw notFound(EVENT_NOT_FOUND);
  return (await recipientsFor(db, id, audience)).length;
}

/** One plain-text mail per recipient, all written to the outbox in one transaction. */
export async function sendToAttendees(
  deps: { db: Db; config: Config; mailer: Mailer },
  id: string,
  input: Required<EmailAttendeesInput>,
): Promise<number> {
  const { db, config, mailer } = deps;
  if (!isUuid(id)) throw notFound(EVENT_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [event] = await tx.select({ id: events.id, name: events.name }).from(events).where(eq(events.id, id));
    if (!event) throw notFound(EVENT_NOT_FOUND);
    const recipients = await recipientsFor(tx, id, input.audience);
    for (const to of recipients) {
      await mailer.send(buildAttendeeMessage(config, event, to, input.subject, input.message), tx);
    }
    return recipients.length;
  });
}
