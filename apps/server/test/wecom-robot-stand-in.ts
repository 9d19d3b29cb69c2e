import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message a WeCom group robot stand-in got. */
export interface RobotMessage {
  /** Path and query: `/cgi-bin/webhook/send?key=…`. */
  path: string;
  body: unknown;
}

/**
 * A stand-in for WeCom's group robot API on loopback (WECOM_API_BASE in tests): it keeps each
 * message and answers as WeCom does, HTTP 200 with `{ errcode, errmsg }`, the `errors` queued in
 * order first (then `{ errcode: 0, errmsg: 'ok' }`).
 */
export interface RobotStandIn {
  base: string;
  messages: RobotMessage[];
  errors: { errcode: number; errmsg: string }[];
  close(): Promise<void>;
}

export async function startRobotStandIn(): Promise<RobotStandIn> {
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => {
      text += c.toString('utf8');
    });
    req.on('end', () => {
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      standIn.messages.push({ path: req.url ?? '', body });
      const answer = standIn.errors.shift() ?? { errcode: 0, errmsg: 'ok' };
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const standIn: RobotStandIn = {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages: [],
    errors: [],
    close: () => new Promise((r) => server.close(() => r())),
  };
  return standIn;
}
