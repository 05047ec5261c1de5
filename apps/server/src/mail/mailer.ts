// E-mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is written as an .eml
// file under DATA_DIR/mail/ and its links logged, so sign-up, invite and reset work on one machine.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const folder = path.join(options.dataDir, 'mail');
  mkdirSync(folder, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const slug = message.to.replace(/[^a-zA-Z0-9]+/g, '_');
      sequence = (sequence + 1) % 1000;
      const file = path.join(folder, `${stamp}-${String(sequence).padStart(3, '0')}-${slug}.eml`);
      // Written aside then renamed, so a reader of the folder never sees half a message.
      writeFileSync(`${file}.part`, info.message as Buffer);
      renameSync(`${file}.part`, file);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      options.log.info({ to: message.to, subject: message.subject, file, links }, 'mail written to file');
    },
  };
}
