/** What kind of client the page runs in; third-party workplace apps change which actions make sense. */
function ua(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

export function isMobileClient(agent = ua()): boolean {
  return /Mobile|Android|iPhone|iPad|iPod/i.test(agent);
}

export function isDingTalkClient(agent = ua()): boolean {
  return /DingTalk/i.test(agent);
}

/** The DingTalk PC web client: offers "open in browser" and hides "log out" (spec §2). */
export function isDingTalkPcClient(agent = ua()): boolean {
  return isDingTalkClient(agent) && !isMobileClient(agent);
}

/** Running inside DingTalk, Lark/Feishu or WeCom, where the host app owns the login. */
export function isThirdPartyClient(agent = ua()): boolean {
  return /DingTalk|Lark|Feishu|wxwork/i.test(agent);
}

/** The WeCom (企业微信) client, PC or mobile. */
export function isWeComClient(agent = ua()): boolean {
  return /wxwork/i.test(agent);
}

/** The WeCom client's version from its user agent ("wxwork/3.1.10"), '' outside WeCom. */
export function weComVersion(agent = ua()): string {
  return /wxwork\/([\d.]+)/i.exec(agent)?.[1] ?? '';
}
