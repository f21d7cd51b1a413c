import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTP_MAX_CONNECTIONS } from '@shared/constants';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { Logger } from '../lib/logger';

export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers such as Reply-To or List-Unsubscribe. */
  headers?: Record<string, string>;
};
export type MailTransport = {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
  /** How many mails it can take at once; the outbox worker sends that many side by side (1 if unset). */
  concurrency?: number;
};

/**
 * Real delivery over SMTP (SMTP_URL, e.g. smtps://user:pass@mail.example.org). A pool of a few
 * connections, each kept open for the next mail: a new connection (and TLS handshake) per mail held
 * the outbox to about nine mails a second. close() ends the idle connections and lets busy ones finish.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_MAX_CONNECTIONS,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  } as SMTPPool.Options);
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
    concurrency: SMTP_MAX_CONNECTIONS,
  };
}

/**
 * Without SMTP_URL (development, a first try-out): each mail becomes an .eml file that any mail
 * program opens, and its links are logged so a developer can click through sign-up at once.
 */
export function createFileTransport(dir: string, logger: Logger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transporter.sendMail(mail);
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
      writeFileSync(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info('mail written to file (SMTP_URL is not set)', { file, subject: mail.subject, links });
    },
    close: () => undefined,
  };
}
