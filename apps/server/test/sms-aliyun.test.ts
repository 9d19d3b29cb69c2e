import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startAliyunSms } from './aliyun-sms.js';
import { registeredClient, startTestServer, type TestServer, uniqueMobile } from './harness.js';

/**
 * Issue 36: SMS through a real provider, Aliyun SMS (SMS_PROVIDER=aliyun), here against a stand-in
 * that checks its signature and parameters; the developer outbox stays the default.
 */
const KEY_ID = 'LTAI-stand-in';
const SECRET = 'a secret/with+odd*chars~';
let aliyun: Awaited<ReturnType<typeof startAliyunSms>>;
let server: TestServer;

beforeAll(async () => {
  aliyun = await startAliyunSms(KEY_ID, SECRET);
  const { aliyunSms } = loadConfig({
    WEB_DIST: '',
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: KEY_ID,
    ALIYUN_SMS_ACCESS_KEY_SECRET: SECRET,
    ALIYUN_SMS_SIGN_NAME: '云杉 Canopy',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_100001',
    ALIYUN_SMS_TEMPLATE_INVITATION: 'SMS_100002',
    ALIYUN_SMS_ENDPOINT: aliyun.url,
  });
  server = await startTestServer({ aliyunSms, publicUrl: 'https://canopy.example.com' });
});
afterAll(async () => {
  await server?.close();
  await aliyun?.close();
});

const outboxSms = async () =>
  server.database.handle.db.selectFrom('dev_outbox').select('target').where('channel', '=', 'sms').execute();

describe('SMS through Aliyun', () => {
  it('sends a verification code with the code template, signed; the code works; nothing goes to the outbox', async () => {
    const { client, account } = await registeredClient(server);
    const next = uniqueMobile();
    for (const mobile of [account, next]) {
      const res = await client.request('POST', '/v1/user/captcha/smscode/send', {
        body: { mobile, codeType: 'UPDATE_MOBILE' },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
    expect(aliyun.problems).toEqual([]);
    const [old, fresh] = aliyun.sent.slice(-2);
    expect(old).toMatchObject({ phone: account, signName: '云杉 Canopy', templateCode: 'SMS_100001' });
    expect(fresh?.params.code).toMatch(/^\d{6}$/);
    const changed = await client.request('POST', '/v1/user/information/mobile', {
      body: { mobile: next, code: fresh?.params.code, oldCode: old?.params.code, codeType: 'UPDATE_MOBILE' },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(await outboxSms()).toEqual([]);
  });

  it('sends an invitation by mobile with the invitation template and its parameters', async () => {
    const { client: owner } = await registeredClient(server, '周经理');
    await owner.request('POST', '/v1/corp/own/register', { body: { corpName: '云杉工作室' } });
    const mobile = uniqueMobile();
    const res = await owner.request('POST', '/v1/corpintegrate/invitation', { body: { account: mobile } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(aliyun.sent.at(-1)).toEqual({
      phone: mobile,
      signName: '云杉 Canopy',
      templateCode: 'SMS_100002',
      params: { inviter: '周经理', corp: '云杉工作室', link: res.json.data.link },
    });
    expect(aliyun.problems).toEqual([]);
  });

  it('a refusal by Aliyun fails the request (nothing pretends it was sent)', async () => {
    const { client, account } = await registeredClient(server);
    const before = aliyun.sent.length;
    aliyun.refuseNext('isv.BUSINESS_LIMIT_CONTROL');
    const res = await client.request('POST', '/v1/user/captcha/smscode/send', {
      body: { mobile: account, codeType: 'UPDATE_MOBILE' },
    });
    expect(res.status).toBe(500);
    expect(aliyun.sent.length).toBe(before);
    expect(await outboxSms()).toEqual([]);
  });
});

describe('SMS configuration', () => {
  it('is the developer outbox by default, and refuses an unknown provider or missing Aliyun settings', () => {
    expect(loadConfig({ WEB_DIST: '' }).aliyunSms).toBeUndefined();
    expect(loadConfig({ WEB_DIST: '', SMS_PROVIDER: 'outbox' }).aliyunSms).toBeUndefined();
    expect(() => loadConfig({ WEB_DIST: '', SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ WEB_DIST: '', SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'x' })).toThrow(
      /ALIYUN_SMS_ACCESS_KEY_SECRET/,
    );
  });
});
