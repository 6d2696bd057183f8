import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { DB } from '../../db/schema';
import * as repo from './auth.repo';

/**
 * E-mail through nodemailer. With SMTP_URL it goes to that server; without it, nodemailer's JSON
 * transport builds the message and the outbox table keeps it (readable by operators and tests), since
 * this machine has no mail server.
 */
export interface Mailer {
  send(message: { merchantId: number; to: string; subject: string; text: string }): Promise<void>;
}

export function createMailer(db: Kysely<DB>, smtpUrl: string | undefined, from: string): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send({ to, subject, text }) {
        await transport.sendMail({ from, to, subject, text });
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    async send({ merchantId, to, subject, text }) {
      const info = await transport.sendMail({ from, to, subject, text });
      const built = JSON.parse(String(info.message)) as { subject: string; text: string };
      await repo.insertOutbox(db, {
        merchant_id: merchantId,
        channel: 'email',
        recipient: to,
        subject: built.subject,
        body: built.text,
      });
    },
  };
}
