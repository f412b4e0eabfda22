import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Where the panel's mails go: pluggable, so production relays over SMTP and tests read files. */
export abstract class MailSender {
  abstract send(mail: Mail): Promise<void>;
}

/** One JSON file per mail in a directory: what development and the tests read. */
export class DirectoryMailSink extends MailSender {
  constructor(
    private readonly directory: string,
    private readonly from: string,
  ) {
    super();
  }

  async send(mail: Mail): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`;
    await writeFile(join(this.directory, name), JSON.stringify({ from: this.from, ...mail }, null, 2), { mode: 0o600 });
  }
}

export class SmtpMailSender extends MailSender {
  private readonly transport: ReturnType<typeof createTransport>;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    super();
    this.transport = createTransport(url);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }
}
