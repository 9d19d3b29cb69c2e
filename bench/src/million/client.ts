/** A small HTTP client for setting the bench up through the real API: a cookie jar, like one browser. */
export class ApiClient {
  private readonly cookies = new Map<string, string>();
  readonly headers: Record<string, string> = {};

  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Sends JSON, returns `data` of the envelope; anything but 200 throws with the server's message. */
  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.raw(method, path, body);
    const text = await res.text();
    const json = text ? (JSON.parse(text) as { data?: T; errorMessage?: string }) : {};
    if (res.status !== 200) throw new Error(`${method} ${path} → ${res.status} ${json.errorMessage ?? text}`);
    return json.data as T;
  }

  async raw(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Response> {
    const headers: Record<string, string> = { ...this.headers, ...extra };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1).trim();
      if (value) this.cookies.set(pair.slice(0, eq).trim(), value);
      else this.cookies.delete(pair.slice(0, eq).trim());
    }
    return res;
  }
}
