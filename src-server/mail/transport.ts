import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
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
export type MailTransport = { send(mail: OutgoingMail): Promise<void>; close(): void };

/** Real delivery over SMTP (SMTP_URL, e.g. smtps://user:pass@mail.example.org). */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  } as SMTPTransport.Options);
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
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
