import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server in the test process: the app sends mail to it over the wire. */
export async function startSmtp() {
  const mails: CapturedMail[] = [];
  /** Tests set this to make the next deliveries fail with a temporary SMTP error. */
  const control = { failNext: 0, attempts: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      control.attempts += 1;
      if (control.failNext > 0) {
        control.failNext -= 1;
        stream.resume();
        stream.on('end', () => cb(Object.assign(new Error('try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((m) => {
          const to = Array.isArray(m.to) ? m.to.flatMap((a) => a.value) : (m.to?.value ?? []);
          for (const a of to) mails.push({ to: a.address ?? '', subject: m.subject ?? '', text: m.text ?? '', html: typeof m.html === 'string' ? m.html : '' });
          cb();
        })
        .catch((e: Error) => cb(e));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    control,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
