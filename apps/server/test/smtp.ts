import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server on loopback that keeps what it receives, for tests to read codes and links. */
export async function startSmtpServer(): Promise<{ url: string; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed: ParsedMail) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function waitForMail(mails: ReceivedMail[], to: string, timeoutMs = 5_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mails.findLast((m) => m.to.includes(to));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
