import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automation, createRecord, ended } from './automation-helpers.js';
import { startTestServer, type TestServer } from './harness.js';
import { type RobotStandIn, startRobotStandIn } from './wecom-robot-stand-in.js';
import { type FlowWorld, flowWorld, newTable } from './workflow-helpers.js';

/**
 * The WeCom group robot step (企业微信群机器人, issue 28): a text or markdown message with the
 * record's values filled in, posted to WeCom's webhook API (a stand-in on loopback, WECOM_API_BASE)
 * through the network guard the HTTP step and webhooks use.
 */
let server: TestServer;
let w: FlowWorld;
let wecom: RobotStandIn;

const KEY = '693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa';

beforeAll(async () => {
  wecom = await startRobotStandIn();
  // The stand-in is on loopback: this instance allows private targets (as webhooks do).
  server = await startTestServer({ webhooksAllowPrivate: true, wecomRobotBase: wecom.base });
  w = await flowWorld(server);
}, 240_000);
afterAll(async () => {
  await server?.close();
  await wecom?.close();
});

describe('WeCom group robot step', { timeout: 180_000 }, () => {
  it('posts the text with the fields filled in to the robot, @all when asked; a pasted address gives its key', async () => {
    const t = await newTable(w);
    const a = await automation(w, '群里报新单', {
      trigger: { kind: 'record', schemaCode: t.schemaCode, events: ['created'] },
      steps: [
        {
          id: 'robot',
          kind: 'wecomRobot',
          webhook: KEY,
          msgType: 'text',
          content: `新报销：{{trigger.record.data.${t.f.title}}}，金额 {{trigger.record.data.${t.f.amount}}} 元`,
          mentionAll: true,
        },
        {
          id: 'md',
          kind: 'wecomRobot',
          // As WeCom shows it: the message still goes to the configured API (the stand-in), with this key.
          webhook: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abcdef12-3456',
          msgType: 'markdown',
          content: `**{{trigger.record.data.${t.f.title}}}** <font color="warning">{{trigger.record.data.${t.f.amount}}}</font>`,
        },
      ],
    });
    wecom.messages.length = 0;
    await createRecord(w, t, { [t.f.title]: '差旅费', [t.f.amount]: 320 });
    const [run] = await ended(w, a, 1);
    expect(run?.status, JSON.stringify(run)).toBe('done');
    expect(wecom.messages).toEqual([
      {
        path: `/cgi-bin/webhook/send?key=${KEY}`,
        body: { msgtype: 'text', text: { content: '新报销：差旅费，金额 320 元', mentioned_list: ['@all'] } },
      },
      {
        path: '/cgi-bin/webhook/send?key=abcdef12-3456',
        body: { msgtype: 'markdown', markdown: { content: '**差旅费** <font color="warning">320</font>' } },
      },
    ]);
    // The run history shows the message, and of the key only enough to tell robots apart.
    expect(run?.steps?.[0]?.input).toEqual({
      robot: '693a…5aaa',
      msgType: 'text',
      content: '新报销：差旅费，金额 320 元',
      mentionAll: true,
    });
    expect(JSON.stringify(run)).not.toContain(KEY);
  });

  it("fails the step with WeCom's own error, and a test run sends nothing", async () => {
    const t = await newTable(w);
    const a = await automation(w, '机器人出错', {
      trigger: { kind: 'record', schemaCode: t.schemaCode, events: ['created'] },
      steps: [{ id: 'robot', kind: 'wecomRobot', webhook: KEY, msgType: 'text', content: '有新记录' }],
    });
    wecom.messages.length = 0;
    wecom.errors.push({ errcode: 93000, errmsg: 'invalid webhook url' });
    const rec = await createRecord(w, t, { [t.f.title]: '一条' });
    const [run] = await ended(w, a, 1);
    expect(run?.status).toBe('failed');
    expect(run?.error).toBe('企业微信群机器人未能发送：93000 invalid webhook url');
    expect(wecom.messages).toHaveLength(1);

    const test = await w.team.owner.request('POST', `${a.base}/test`, { body: { recordId: rec.id } });
    expect(test.status, JSON.stringify(test.json)).toBe(200);
    expect(test.json.data.steps[0].output).toEqual({ sent: false });
    expect(test.json.data.steps[0].input.content).toBe('有新记录');
    expect(wecom.messages).toHaveLength(1);
  });

  it('refuses at design time what is neither a robot address nor a key, naming the field', async () => {
    for (const webhook of [
      'https://example.com/hook',
      'not a key',
      'https://qyapi.weixin.qq.com/cgi-bin/webhook/send',
    ]) {
      const res = await w.team.owner.request('POST', `/v1/apps/${w.appCode}/automations`, {
        body: {
          name: '坏地址',
          definition: {
            trigger: { kind: 'webhook' },
            steps: [{ id: 'r', kind: 'wecomRobot', webhook, msgType: 'text', content: 'x' }],
          },
        },
      });
      expect(res.status, webhook).toBe(400);
      expect(res.json.fieldErrors, webhook).toEqual([
        expect.objectContaining({
          field: 'definition.steps.0.webhook',
          message: '请粘贴企业微信群机器人的 Webhook 地址（…/cgi-bin/webhook/send?key=…）或它的 key',
        }),
      ]);
    }
  });
});

describe('WeCom group robot behind the network guard', { timeout: 240_000 }, () => {
  it('is refused where private addresses are not allowed: the run fails and the robot API hears nothing', async () => {
    const guarded = await startTestServer({ webhooksAllowPrivate: false, wecomRobotBase: wecom.base });
    try {
      const g = await flowWorld(guarded);
      const t = await newTable(g);
      const a = await automation(g, '内网机器人', {
        trigger: { kind: 'record', schemaCode: t.schemaCode, events: ['created'] },
        steps: [{ id: 'robot', kind: 'wecomRobot', webhook: KEY, msgType: 'text', content: '不应送达' }],
      });
      wecom.messages.length = 0;
      await createRecord(g, t, { [t.f.title]: '一条' });
      const [run] = await ended(g, a, 1);
      expect(run?.status).toBe('failed');
      expect(run?.error).toBe('不能请求内网、本机或链路本地地址');
      expect(wecom.messages).toEqual([]);
    } finally {
      await guarded.close();
    }
  });
});
