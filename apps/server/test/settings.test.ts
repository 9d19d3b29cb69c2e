import { hashPasswordForTransport, maskMobile } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registeredClient, startTestServer, TestClient, type TestServer, uniqueMobile } from './harness.js';
import { startSmtpServer, waitForMail } from './smtp.js';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

function codeIn(text: string): string {
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in ${text}`);
  return code;
}

/** The latest SMS to a number, from the developer outbox (no SMS gateway is reachable here). */
async function smsCode(mobile: string): Promise<string> {
  const row = await server.database.handle.db
    .selectFrom('dev_outbox')
    .select('body')
    .where('target', '=', mobile)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return codeIn(row.body);
}

async function registerEmail(email: string): Promise<TestClient> {
  const client = new TestClient(server.baseUrl);
  await client.request('POST', '/v1/user/register', { body: { account: email, name: '邮箱用户', password: PASSWORD } });
  return client;
}

describe('password', () => {
  it('changes with the current password and ends every other session of the user', async () => {
    const { client, account } = await registeredClient(server);
    const other = new TestClient(server.baseUrl);
    await other.request('POST', '/v1/user/login', { body: { account, password: PASSWORD } });
    expect((await other.request('GET', '/v1/user/information/basic')).status).toBe(200);
    const newPassword = hashPasswordForTransport('brand new pass');
    const res = await client.request('POST', '/v1/user/information/password', {
      body: { password: PASSWORD, newPassword, repeatNewPassWord: newPassword },
    });
    expect(res.json).toEqual({ data: true });
    expect((await client.request('GET', '/v1/user/information/basic')).status).toBe(200);
    expect((await other.request('GET', '/v1/user/information/basic')).status).toBe(401);
    const relogin = await new TestClient(server.baseUrl).request('POST', '/v1/user/login', {
      body: { account, password: newPassword },
    });
    expect(relogin.status).toBe(200);
  });

  it('refuses a wrong current password or mismatched new passwords, naming the field', async () => {
    const { client } = await registeredClient(server);
    const a = hashPasswordForTransport('aaaaaaaa');
    const b = hashPasswordForTransport('bbbbbbbb');
    const mismatch = await client.request('POST', '/v1/user/information/password', {
      body: { password: PASSWORD, newPassword: a, repeatNewPassWord: b },
    });
    expect(mismatch.json.fieldErrors).toEqual([{ field: 'repeatNewPassWord', message: '两次输入的新密码不一致' }]);
    const wrong = await client.request('POST', '/v1/user/information/password', {
      body: { password: b, newPassword: a, repeatNewPassWord: a },
    });
    expect(wrong.json.fieldErrors).toEqual([{ field: 'password', message: '原密码错误' }]);
  });

  it('changes with an email code read from a real SMTP server; the code works once', async () => {
    const email = `pw.${Date.now()}@example.com`;
    const client = await registerEmail(email);
    const sent = await client.request('POST', '/v1/user/captcha/emailcode/send', {
      body: { email, codeType: 'RESET_PWD' },
    });
    expect(sent.json).toEqual({ data: { resendAfterSeconds: 60 } });
    const mail = await waitForMail(smtp.mails, email);
    expect(mail.subject).toBe('Canopy 验证码');
    const verifyCode = codeIn(mail.text);
    const newPassword = hashPasswordForTransport('via email code');
    const body = { email, verifyCode, codeType: 'RESET_PWD', newPassword, repeatNewPassWord: newPassword };
    expect((await client.request('POST', '/v1/user/information/password', { body })).json).toEqual({ data: true });
    const reuse = await client.request('POST', '/v1/user/information/password', { body });
    expect(reuse.json.fieldErrors).toEqual([{ field: 'verifyCode', message: '验证码已失效，请重新获取' }]);
  });
});

describe('verification codes', () => {
  it('sends once a minute per target, with the wait in the message', async () => {
    const { client, account } = await registeredClient(server);
    expect(
      (
        await client.request('POST', '/v1/user/captcha/smscode/send', {
          body: { mobile: account, codeType: 'RESET_PWD' },
        })
      ).status,
    ).toBe(200);
    const again = await client.request('POST', '/v1/user/captcha/smscode/send', {
      body: { mobile: account, codeType: 'RESET_PWD' },
    });
    expect(again.status).toBe(429);
    expect(again.json.errorMessage).toMatch(/^验证码发送太频繁，请\d+秒后再试$/);
  });

  it('counts wrong tries and voids the code at the fifth', async () => {
    const { client, account } = await registeredClient(server);
    await client.request('POST', '/v1/user/captcha/smscode/send', { body: { mobile: account, codeType: 'RESET_PWD' } });
    const right = await smsCode(account);
    const wrong = right === '000000' ? '111111' : '000000';
    const check = (code: string) =>
      client.request('POST', '/v1/user/captcha/code/check', { body: { target: account, code, codeType: 'RESET_PWD' } });
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await check(wrong)).json.fieldErrors[0].message);
    expect(messages).toEqual([
      '验证码错误，还可尝试4次',
      '验证码错误，还可尝试3次',
      '验证码错误，还可尝试2次',
      '验证码错误，还可尝试1次',
      '验证码已失效，请重新获取',
    ]);
    expect((await check(right)).json.fieldErrors[0].message).toBe('验证码已失效，请重新获取');
  });

  it('sends reset codes only to the signed-in user’s own mobile, and stores codes hashed', async () => {
    const { client } = await registeredClient(server);
    const res = await client.request('POST', '/v1/user/captcha/smscode/send', {
      body: { mobile: uniqueMobile(), codeType: 'RESET_PWD' },
    });
    expect(res.status).toBe(403);
    expect(res.json.errorMessage).toBe('只能向当前账号绑定的手机号或邮箱发送');
    const rows = await server.database.handle.db.selectFrom('verification_codes').select('code_hash').execute();
    for (const r of rows) expect(r.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('mobile, email and profile', () => {
  it('changes the mobile with codes to the old and the new number', async () => {
    const { client, account } = await registeredClient(server);
    const next = uniqueMobile();
    await client.request('POST', '/v1/user/captcha/smscode/send', {
      body: { mobile: account, codeType: 'UPDATE_MOBILE' },
    });
    await client.request('POST', '/v1/user/captcha/smscode/send', {
      body: { mobile: next, codeType: 'UPDATE_MOBILE' },
    });
    const withoutOld = await client.request('POST', '/v1/user/information/mobile', {
      body: { mobile: next, code: await smsCode(next), codeType: 'UPDATE_MOBILE' },
    });
    expect(withoutOld.json.fieldErrors).toEqual([{ field: 'oldCode', message: '原验证码不能为空' }]);
    const res = await client.request('POST', '/v1/user/information/mobile', {
      body: { mobile: next, code: await smsCode(next), oldCode: await smsCode(account), codeType: 'UPDATE_MOBILE' },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.mobile).toBe(next);
    expect(maskMobile(next)).toBe(`${next.slice(0, 3)}*****${next.slice(-3)}`);
  });

  it('refuses a mobile that belongs to someone else', async () => {
    const { client } = await registeredClient(server);
    const { account: taken } = await registeredClient(server);
    const res = await client.request('POST', '/v1/user/captcha/smscode/send', {
      body: { mobile: taken, codeType: 'UPDATE_MOBILE' },
    });
    expect(res.status).toBe(409);
    expect(res.json.errorMessage).toBe('该手机号已被其他账号使用');
  });

  it('adds an email with a code mailed to it', async () => {
    const { client } = await registeredClient(server);
    const email = `new.${Date.now()}@example.com`;
    await client.request('POST', '/v1/user/captcha/emailcode/send', { body: { email, codeType: 'UPDATE_EMAIL' } });
    const code = codeIn((await waitForMail(smtp.mails, email)).text);
    const res = await client.request('POST', '/v1/user/information/email', {
      body: { email, code, codeType: 'UPDATE_EMAIL' },
    });
    expect(res.json.data.email).toBe(email);
  });

  it('updates name and signature, uploads, serves and resets an avatar, and refuses non-images', async () => {
    const { client } = await registeredClient(server);
    const profile = await client.request('PUT', '/v1/user/information/profile', {
      body: { name: '新名字', personalSignature: '今天也要加油' },
    });
    expect(profile.json.data).toMatchObject({ userName: '新名字', personalSignature: '今天也要加油' });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const up = await client.request('POST', '/v1/user/information/avatarurl', {
      body: { dataUrl: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(up.json.data.avatarUrl).toMatch(/^\/v1\/files\/avatars\/.+\.png$/);
    const file = await client.request('GET', up.json.data.avatarUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect((await client.request('GET', '/v1/user/information/basic')).json.data.avatarUrl).toBe(
      up.json.data.avatarUrl,
    );
    const fake = await client.request('POST', '/v1/user/information/avatarurl', {
      body: { dataUrl: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}` },
    });
    expect(fake.json.fieldErrors[0].message).toBe('头像须为 PNG、JPEG、WebP 或 GIF 图片，且不超过 512KB');
    const reset = await client.request('POST', '/v1/user/information/avatarurl/reset');
    expect(reset.json.data.avatarUrl).toBe('');
    expect((await client.request('GET', up.json.data.avatarUrl)).status).toBe(404);
  });
});
