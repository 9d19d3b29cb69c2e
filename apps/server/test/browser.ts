/**
 * A browser for sign-in round trips in API tests: follows redirects across sites and keeps each
 * site's cookies (by origin), as a real one would.
 */
export class Browser {
  private readonly jars = new Map<string, Map<string, string>>();
  /** The addresses it went through, the last one answered without a redirect. */
  visited: string[] = [];

  async open(url: string): Promise<{ status: number; url: string; text: string }> {
    let current = url;
    this.visited = [];
    for (let hop = 0; hop < 20; hop += 1) {
      this.visited.push(current);
      const res = await fetch(current, { redirect: 'manual', headers: { cookie: this.cookieHeader(current) } });
      this.keep(current, res.headers.getSetCookie());
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        current = new URL(location, current).toString();
        continue;
      }
      return { status: res.status, url: current, text: await res.text() };
    }
    throw new Error('too many redirects');
  }

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(new URL(origin).origin)?.get(name);
  }

  /** Puts a cookie in the jar, as a sign-in in another tab would have. */
  setCookie(origin: string, name: string, value: string): void {
    const key = new URL(origin).origin;
    const jar = this.jars.get(key) ?? new Map<string, string>();
    this.jars.set(key, jar);
    jar.set(name, value);
  }

  cookieHeader(url: string): string {
    return [...(this.jars.get(new URL(url).origin) ?? [])].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(url: string, setCookies: string[]) {
    const origin = new URL(url).origin;
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    for (const c of setCookies) {
      const [pair = '', ...attrs] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || attrs.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a))) jar.delete(name);
      else jar.set(name, value);
    }
  }
}
