import { desc, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The attachment's text (e.g. an .ics calendar file). */
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Writes the mail to the outbox (inside `tx` when given, so it commits with the change
   * that caused it) and, with SMTP configured, delivers it right after. */
  send(message: MailMessage, tx?: Db): Promise<string>;
  /** Delivers mails left pending (after a crash or an SMTP outage). */
  deliverPending(): Promise<void>;
  /** The newest captured mails, for /dev/mailbox. */
  recent(limit?: number): Promise<(typeof emailOutbox.$inferSelect)[]>;
}

const MAX_ATTEMPTS = 5;

export function createMailer(db: Db, config: Config, log: FastifyBaseLogger): Mailer {
  const transport: Transporter | null = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;

  async function deliver(id: string) {
    if (!transport) return;
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!row || row.status !== 'pending') return;
    try {
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        attachments: row.attachments ?? undefined,
      });
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1 })
        .where(eq(emailOutbox.id, id));
    } catch (error) {
      const attempts = row.attempts + 1;
      log.error({ err: error, mailId: id }, 'mail delivery failed');
      await db
        .update(emailOutbox)
        .set({ attempts, lastError: String(error), status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending' })
        .where(eq(emailOutbox.id, id));
    }
  }

  return {
    async send(message, tx) {
      const [row] = await (tx ?? db)
        .insert(emailOutbox)
        .values({
          ...message,
          html: message.html ?? null,
          attachments: message.attachments ?? null,
          status: transport ? 'pending' : 'captured',
        })
        .returning({ id: emailOutbox.id });
      const id = row!.id;
      // Deliver after the caller's transaction has had a chance to commit; never block it.
      if (transport) setImmediate(() => void deliver(id));
      return id;
    },
    async deliverPending() {
      if (!transport) return;
      const pending = await db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(sql`${emailOutbox.status} = 'pending'`)
        .orderBy(emailOutbox.createdAt)
        .limit(100);
      for (const { id } of pending) await deliver(id);
    },
    recent(limit = 50) {
      return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
    },
  };
}
