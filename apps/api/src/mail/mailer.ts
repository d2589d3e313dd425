import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { devMailbox } from '../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The Message-ID's local part. The mail job sets its own id, so a delivery retried after a
   * timeout whose message did reach the server carries the same Message-ID (mailboxes that
   * deduplicate by it show one letter).
   */
  messageId?: string;
  /** A decoy (forgot-password of an unknown address): queued like a letter, dropped unsent by the worker. */
  discard?: boolean;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Real SMTP over SMTP_URL (smtp:// or smtps://). A server that does not answer within
 * `timeoutMs` (connecting, greeting, any silence after) fails the delivery, and the mail job
 * retries it; nodemailer's own defaults would hold the mail worker for up to 10 minutes.
 */
export function smtpMailer(url: string, from: string, timeoutMs = 30_000): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'drop.local';
  return {
    async send(msg) {
      await transport.sendMail({
        from,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html,
        ...(msg.messageId ? { messageId: `<${msg.messageId}@${domain}>` } : {}),
      });
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP_URL: mail is stored in the dev mailbox (GET /dev/mailbox) and printed. `print`
 * false (production): only the address is logged, never the subject or text (codes are in them).
 */
export function devMailer(db: Db, log: FastifyBaseLogger, print = true): Mailer {
  return {
    async send({ to, subject, text, html }) {
      const msg = { to, subject, text, html };
      await db.insert(devMailbox).values(msg);
      if (!print) log.warn({ to: msg.to }, 'mail not sent: SMTP_URL is not set');
      else log.info({ to: msg.to, subject: msg.subject }, `dev mailbox: ${msg.text.split('\n').slice(0, 3).join(' | ')}`);
    },
    close() {},
  };
}
