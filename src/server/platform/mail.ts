import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import { qrPng } from './qr-image';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The attachment's text (e.g. an .ics calendar file), its bytes in base64 (`encoding:
   * 'base64'`), or the text a QR code image shows (`encoding: 'qr'`, a PNG drawn when the mail
   * is delivered: a reminder sweep writes thousands, and drawing costs a millisecond each). */
  content: string;
  encoding?: 'base64' | 'qr';
  /** A Content-ID: the HTML part shows it inline as `<img src="cid:…">` (a related part). */
  cid?: string;
}

/** An attachment as it leaves: a QR code drawn into its PNG now, anything else as written. */
export function deliverable(attachment: MailAttachment) {
  if (attachment.encoding !== 'qr') return attachment;
  return { ...attachment, content: qrPng(attachment.content), encoding: undefined };
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Extra header lines, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Writes the mail to the outbox (inside `tx` when given, so it commits with the change
   * that caused it) and, with SMTP configured, delivers it right after. */
  send(message: MailMessage, tx?: Db): Promise<string>;
  /** Many mails in a few statements (thousands of reminders), inside `tx` when given; they are
   * delivered by the pass that follows their announcement, like any mail written in a transaction. */
  sendMany(messages: MailMessage[], tx?: Db): Promise<number>;
  /** Hands one mail to SMTP now and answers when the server took it, throwing what it
   * refused (isPermanentFailure tells which): for senders that keep their own per-mail state
   * (announcements), which the outbox would only duplicate. Without SMTP the mail is captured
   * in the outbox, as every mail is then. */
  deliverNow(message: MailMessage): Promise<'sent' | 'captured'>;
  /** Delivers every pending mail that is due (never sent, or its backoff has passed), claiming
   * each first so that no other process delivers it too. */
  deliverPending(): Promise<void>;
  /** Starts the periodic delivery pass (one now, then every MAIL_POLL_MS); nothing without SMTP. */
  start(): void;
  /** Stops the pass and waits for deliveries under way, so the database can close after. */
  stop(): Promise<void>;
  /** The newest captured mails, for /dev/mailbox. */
  recent(limit?: number): Promise<(typeof emailOutbox.$inferSelect)[]>;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/** Temporary failures after which a mail is given up (`failed`, shown in the admin Outbox). */
export const MAX_ATTEMPTS = 5;
const MAX_RETRY_DELAY_MS = 60 * 60_000;
/** At most this many mails per pass, so a long queue does not hold one process for ever. */
const MAX_PER_PASS = 200;

/** Wait before the next try after `attempts` temporary failures: base, 2×base, 4×base… capped at an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** A 5xx reply to our envelope or message (RFC 5321) will be the same next time. 503 only says
 * the session was out of step, and a refused login is our configuration, not the mail: both,
 * like every network failure and 4xx, are worth another try. */
export function isPermanentFailure(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as SmtpError;
  if (typeof responseCode !== 'number') return false;
  return responseCode >= 500 && responseCode < 600 && responseCode !== 503 && code !== 'EAUTH';
}

/** The server's own reply when there is one ("550 5.1.1 Mailbox unavailable"), else the error. */
export function describeFailure(error: unknown): string {
  const { response, message } = (error ?? {}) as SmtpError;
  return (response || message || String(error)).slice(0, 1000);
}

/** One element of a PostgreSQL array literal: quoted, with backslashes and quotes escaped. */
const pgArrayItem = (value: string | null) =>
  value === null ? 'NULL' : `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

const msFromNow = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

export function createMailer(db: Db, config: Config, log: FastifyBaseLogger): Mailer {
  const transport: Transporter | null = config.SMTP_URL
    ? nodemailer.createTransport({
        url: config.SMTP_URL,
        // Bounded, so a claim's lease always outlasts a delivery (nodemailer waits 10 min by default).
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      })
    : null;
  // Bulk mail (announcements) over a few kept connections: a connection per mail costs more than the mail.
  const pooled: Transporter | null = config.SMTP_URL
    ? nodemailer.createTransport({
        url: config.SMTP_URL,
        pool: true,
        maxConnections: 2,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      })
    : null;
  const due = and(
    eq(emailOutbox.status, 'pending'),
    or(isNull(emailOutbox.nextAttemptAt), lte(emailOutbox.nextAttemptAt, sql`now()`)),
  );

  /** Takes one due mail (this one, or the oldest) for this process: its next_attempt_at moves a
   * lease ahead in the same statement. Rows another process is claiming are skipped, and a row
   * claimed in between no longer matches `due` when PostgreSQL rechecks it under the lock. */
  async function claim(id?: string): Promise<OutboxRow | null> {
    const candidate = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(id ? and(due, eq(emailOutbox.id, id)) : due)
      .orderBy(emailOutbox.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(emailOutbox)
      .set({ nextAttemptAt: msFromNow(config.MAIL_CLAIM_LEASE_MS) })
      .where(inArray(emailOutbox.id, candidate))
      .returning();
    return row ?? null;
  }

  async function deliver(row: OutboxRow) {
    const attempts = row.attempts + 1;
    try {
      await transport!.sendMail({
        from: config.MAIL_FROM,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        attachments: row.attachments?.map(deliverable),
        headers: row.headers ?? undefined,
      });
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts, nextAttemptAt: null })
        .where(eq(emailOutbox.id, row.id));
    } catch (error) {
      const lastError = describeFailure(error);
      const failed = isPermanentFailure(error) || attempts >= MAX_ATTEMPTS;
      // A retry to come is a warning; a mail given up is an error.
      log[failed ? 'error' : 'warn']({ err: error, mailId: row.id, attempts, failed }, 'mail delivery failed');
      await db
        .update(emailOutbox)
        .set({
          attempts,
          lastError,
          status: failed ? 'failed' : 'pending',
          nextAttemptAt: failed ? null : msFromNow(retryDelayMs(attempts, config.MAIL_RETRY_BASE_MS)),
        })
        .where(eq(emailOutbox.id, row.id));
    }
  }

  // Deliveries and passes under way, awaited by stop().
  const running = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>) => {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => undefined);
    return work;
  };
  let stopped = false;
  let pass: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function deliverDue() {
    for (let n = 0; n < MAX_PER_PASS && !stopped; n++) {
      const row = await claim();
      if (!row) return;
      await deliver(row);
    }
  }

  /** A pass now; asked for during one, another follows it (the mail that asked may have come
   * after the running pass looked). */
  function runPass(): Promise<void> {
    if (!transport || stopped) return Promise.resolve();
    if (pass) return pass.then(runPass);
    pass = track(deliverDue()).finally(() => (pass = null));
    return pass;
  }

  const mailer: Mailer = {
    async send(message, tx) {
      const [row] = await (tx ?? db)
        .insert(emailOutbox)
        .values({
          ...message,
          html: message.html ?? null,
          attachments: message.attachments ?? null,
          headers: message.headers ?? null,
          status: transport ? 'pending' : 'captured',
        })
        .returning({ id: emailOutbox.id });
      const id = row!.id;
      // After the caller's transaction has had a chance to commit; never block it. A mail not
      // visible yet (a transaction still open) is left to the periodic pass.
      if (transport && !stopped) {
        setImmediate(() => {
          if (stopped) return;
          void track(claim(id).then((claimed) => (claimed ? deliver(claimed) : undefined))).catch((err: unknown) =>
            log.error({ err, mailId: id }, 'mail delivery failed'),
          );
        });
      }
      return id;
    },
    async sendMany(messages, tx) {
      if (messages.length === 0) return 0;
      // One statement over arrays, whatever the count: cheaper to build than a row-per-value
      // insert, so a run of thousands leaves the process free for the requests around it.
      // Mails made from one template share their attachments (a reminder's calendar file beside
      // each person's own ticket): serialise each attachment once.
      const seen = new Map<MailAttachment, string>();
      const serialisedOne = (item: MailAttachment) => {
        let json = seen.get(item);
        if (json === undefined) seen.set(item, (json = JSON.stringify(item)));
        return json;
      };
      const serialised = (list: MailAttachment[]) => `[${list.map(serialisedOne).join(',')}]`;
      const column = (pick: (m: MailMessage) => string | null) =>
        sql`${`{${messages.map((m) => pgArrayItem(pick(m))).join(',')}}`}`;
      // Raw: one insert over unnest(arrays) for the whole batch; the builder would bind a value per column per mail.
      await (tx ?? db).execute(sql`insert into email_outbox ("to", subject, text, html, attachments, headers, status)
        select t.*, ${transport ? 'pending' : 'captured'} from unnest(
          ${column((m) => m.to)}::text[], ${column((m) => m.subject)}::text[], ${column((m) => m.text)}::text[],
          ${column((m) => m.html ?? null)}::text[],
          ${column((m) => (m.attachments ? serialised(m.attachments) : null))}::jsonb[],
          ${column((m) => (m.headers ? JSON.stringify(m.headers) : null))}::jsonb[]) as t`);
      return messages.length;
    },
    async deliverNow(message) {
      if (!pooled) {
        await mailer.send(message);
        return 'captured';
      }
      await pooled.sendMail({
        from: config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map(deliverable),
        headers: message.headers,
      });
      return 'sent';
    },
    deliverPending: runPass,
    start() {
      if (!transport || timer || stopped) return;
      // A tick during a pass is skipped: that pass goes on until nothing is due.
      const tick = () => {
        if (!pass) void runPass().catch((err: unknown) => log.error({ err }, 'pending mail delivery failed'));
      };
      tick();
      timer = setInterval(tick, config.MAIL_POLL_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await Promise.allSettled([...running]);
      transport?.close();
      pooled?.close();
    },
    recent(limit = 50) {
      return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
    },
  };
  return mailer;
}
