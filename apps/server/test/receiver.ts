import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a webhook receiver got. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP receiver for webhook deliveries on loopback: it keeps every request and answers the
 * statuses queued in `answers` in order (then 200), with 'thanks' or 'try later'.
 */
export interface Receiver {
  /** `http://127.0.0.1:<port>`; deliveries may go to any path below it. */
  base: string;
  received: Received[];
  answers: number[];
  /** How long the receiver holds each answer (0 unless set): deliveries' durations include it. */
  answerDelayMs: number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      receiver.received.push({ path: req.url ?? '', headers: req.headers, body });
      const status = receiver.answers.shift() ?? 200;
      const answer = () =>
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'thanks' : 'try later');
      if (receiver.answerDelayMs > 0) setTimeout(answer, receiver.answerDelayMs);
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const receiver: Receiver = {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: [],
    answers: [],
    answerDelayMs: 0,
    close: () => new Promise((r) => server.close(() => r())),
  };
  return receiver;
}
