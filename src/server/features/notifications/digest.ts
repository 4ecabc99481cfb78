import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notificationSends } from '../../db/schema';
import type { JobDefinition } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import { unsubscribeLinks, type NotificationTopic } from '../../platform/unsubscribe';
import { digestMail, type DigestKind } from './emails';

// Notification e-mail for members who are away (no open page for NOTIFY_AWAY_MINUTES): new
// direct messages, connection requests and replies to their forum posts. One recurring job reads
// the data as it is, so no route has to remember to ask for a mail: what is unread (or pending)
// now, arrived after the member was last seen, is old enough, and came after the last e-mail
// about the same subject (a conversation partner, a requester, a post) is batched into one mail,
// at most one an hour per subject. Reading first means the row is no longer unread: no mail.
// Each mail and its `notification_sends` row commit together; the row's unique key means two
// sweeps (a process that passed its lease, another that took over) never send one twice.

export const NOTIFICATION_JOB = 'notification-emails';
const HOUR_MS = 60 * 60_000;
/** An item is mailed within about an hour of becoming due (NOTIFY_AWAY_MINUTES after it came),
 * so one older than this, past those, never will be. Looking no further back keeps each sweep
 * off years of old rows, and keeps what came before a visit from looking new once housekeeping
 * has removed that visit's presence row (a day later). */
const LOOK_BACK_MS = 2 * HOUR_MS;

type Batch = {
  user_id: string;
  email: string;
  name: string;
  subject_id: string;
  about: string;
  /** The conversation's subject (messages) or the post's forum (replies), for the link. */
  extra: string | null;
  n: number;
  /** As text, so the microseconds survive the round trip (a JS Date would drop them). */
  covered_until: string;
};

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The shared conditions: the recipient wants this kind, is away, and the item is new to them. */
function dueFor(
  kind: DigestKind,
  preference: SQL,
  recipient: SQL,
  subject: SQL,
  itemAt: SQL,
  now: Date,
  awayMinutes: number,
): SQL {
  const awaySince = new Date(now.getTime() - awayMinutes * 60_000);
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const lookBack = new Date(awaySince.getTime() - LOOK_BACK_MS);
  return sql`${itemAt} > ${ts(lookBack)}
    and coalesce((select ${preference} from notification_preferences np where np.user_id = ${recipient}), true)
    and not exists (select 1 from member_presence mp where mp.user_id = ${recipient} and mp.seen_at >= ${ts(awaySince)})
    and ${itemAt} > coalesce((select max(mp.seen_at) from member_presence mp where mp.user_id = ${recipient}), '-infinity')
    and ${itemAt} <= ${ts(awaySince)}
    and ${itemAt} > coalesce((select ns.covered_until from notification_sends ns
      where ns.user_id = ${recipient} and ns.kind = ${kind} and ns.subject = ${subject}
      order by ns.sent_at desc limit 1), '-infinity')
    and not exists (select 1 from notification_sends ns
      where ns.user_id = ${recipient} and ns.kind = ${kind} and ns.subject = ${subject} and ns.sent_at > ${ts(hourAgo)})
    and not exists (select 1 from member_blocks b
      where (b.blocker_id = ${recipient} and b.blocked_id = ${subject})
         or (b.blocker_id = ${subject} and b.blocked_id = ${recipient}))`;
}

const recipientName = sql`coalesce(nullif(rp.full_name, ''), rp.username)`;
const otherName = sql`coalesce(nullif(op.full_name, ''), op.username)`;

// The three batch reads stay raw SQL: grouped aggregates with correlated sub-selects (dueFor),
// and `covered_until` read as text, which the builder would turn into a Date without microseconds.

/** Unread, not deleted messages per recipient and sender (a departed sender's are left out). */
function messageBatches(db: Db, now: Date, away: number) {
  return db.execute<Batch>(sql`select m.recipient_id as user_id, u.email, ${recipientName} as name,
      m.sender_id as subject_id, ${otherName} as about,
      (array_agg(m.subject order by m.created_at desc))[1] as extra,
      count(*)::int as n, max(m.created_at)::text as covered_until
    from messages m
    join "user" u on u.id = m.recipient_id
    join profiles rp on rp.id = m.recipient_id
    join profiles op on op.id = m.sender_id
    where m.read_at is null and m.recipient_deleted_at is null
      and ${dueFor('messages', sql`np.messages`, sql`m.recipient_id`, sql`m.sender_id`, sql`m.created_at`, now, away)}
    group by m.recipient_id, u.email, rp.full_name, rp.username, m.sender_id, op.full_name, op.username`);
}

/** Pending requests; a request asked again after a refusal counts from when it was asked again. */
function requestBatches(db: Db, now: Date, away: number) {
  return db.execute<Batch>(sql`select c.recipient_id as user_id, u.email, ${recipientName} as name,
      c.requester_id as subject_id, ${otherName} as about, null as extra,
      1 as n, c.created_at::text as covered_until
    from connections c
    join "user" u on u.id = c.recipient_id
    join profiles rp on rp.id = c.recipient_id
    join profiles op on op.id = c.requester_id
    where c.status = 'pending'
      and ${dueFor(
        'connection-requests',
        sql`np.connection_requests`,
        sql`c.recipient_id`,
        sql`c.requester_id`,
        sql`c.created_at`,
        now,
        away,
      )}`);
}

/** Other members' replies to the member's own posts. A reply moderators removed is deleted, so
 * it is never counted; a departed replier's are left out (there is no one to name). */
function replyBatches(db: Db, now: Date, away: number) {
  return db.execute<Batch>(sql`select p.author_id as user_id, u.email, ${recipientName} as name,
      p.id::text as subject_id, p.title as about, p.forum_id::text as extra,
      count(*)::int as n, max(r.created_at)::text as covered_until
    from forum_replies r
    join forum_posts p on p.id = r.post_id
    join "user" u on u.id = p.author_id
    join profiles rp on rp.id = p.author_id
    where r.author_id is not null and r.author_id <> p.author_id
      and not exists (select 1 from member_blocks b
        where (b.blocker_id = p.author_id and b.blocked_id = r.author_id)
           or (b.blocker_id = r.author_id and b.blocked_id = p.author_id))
      and ${dueFor('forum-replies', sql`np.forum_replies`, sql`p.author_id`, sql`p.id::text`, sql`r.created_at`, now, away)}
    group by p.author_id, u.email, rp.full_name, rp.username, p.id, p.title, p.forum_id`);
}

const pathOf: Record<DigestKind, (b: Batch) => string> = {
  messages: (b) => `/messages?${new URLSearchParams({ with: b.subject_id, subject: b.extra ?? '' }).toString()}`,
  'connection-requests': () => '/connections',
  'forum-replies': (b) => `/forums/${encodeURIComponent(b.extra ?? '')}/${encodeURIComponent(b.subject_id)}`,
};

/** One sweep at `now`: answers how many e-mails of each kind it wrote. */
export async function sendNotificationEmails(
  deps: { db: Db; config: Pick<Config, 'publicUrl' | 'NOTIFY_AWAY_MINUTES'>; mailer: Pick<Mailer, 'send'> },
  now: Date,
): Promise<Record<DigestKind, number>> {
  const { db, config, mailer } = deps;
  const away = config.NOTIFY_AWAY_MINUTES;
  const sent: Record<DigestKind, number> = { messages: 0, 'connection-requests': 0, 'forum-replies': 0 };
  const kinds: [DigestKind, (db: Db, now: Date, away: number) => Promise<{ rows: Batch[] }>][] = [
    ['messages', messageBatches],
    ['connection-requests', requestBatches],
    ['forum-replies', replyBatches],
  ];
  for (const [kind, find] of kinds) {
    const batches = (await find(db, now, away)).rows;
    for (const b of batches) {
      const links = await unsubscribeLinks(db, config, { kind: 'member', id: b.user_id }, kind as NotificationTopic);
      const mail = digestMail(
        config,
        { kind, to: b.email, name: b.name, count: Number(b.n), about: b.about, path: pathOf[kind](b) },
        links,
      );
      const wrote = await db.transaction(async (tx) => {
        const claimed = await tx
          .insert(notificationSends)
          .values({
            userId: b.user_id,
            kind,
            subject: b.subject_id,
            itemCount: Number(b.n),
            // The batch's time as text, cast here, so its microseconds survive.
            coveredUntil: sql`${b.covered_until}::timestamptz`,
            sentAt: now,
          })
          .onConflictDoNothing({
            target: [
              notificationSends.userId,
              notificationSends.kind,
              notificationSends.subject,
              notificationSends.coveredUntil,
            ],
          })
          .returning({ id: notificationSends.id });
        if (claimed.length === 0) return false;
        await mailer.send(mail, tx);
        return true;
      });
      if (wrote) sent[kind]++;
    }
  }
  return sent;
}

export function notificationJobs(deps: {
  config: Pick<Config, 'publicUrl' | 'NOTIFY_AWAY_MINUTES'>;
  mailer: Pick<Mailer, 'send'>;
}): JobDefinition[] {
  return [
    {
      name: NOTIFICATION_JOB,
      everySeconds: 60,
      run: ({ db, now }) => sendNotificationEmails({ db, ...deps }, now),
    },
  ];
}
