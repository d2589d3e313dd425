import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { devMailbox } from '../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
  close(): void;
}

/** Real SMTP over SMTP_URL (smtp:// or smtps://). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(msg) {
      await transport.sendMail({ from, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html });
    },
    close: () => transport.close(),
  };
}

/** Without SMTP_URL: mail is stored in the dev mailbox (GET /dev/mailbox) and printed. */
export function devMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    async send(msg) {
      await db.insert(devMailbox).values(msg);
      log.info({ to: msg.to, subject: msg.subject }, `dev mailbox: ${msg.text.split('\n').slice(0, 3).join(' | ')}`);
    },
    close() {},
  };
}
