import { CookieJar } from "tough-cookie";

/** One cookie jar per host, created on the first Set-Cookie (most checks never need one). */
export class CookieJars {
  private readonly jars = new Map<string, CookieJar>();

  cookieHeader(host: string, url: string): string | undefined {
    const jar = this.jars.get(host);
    if (!jar) return undefined;
    const value = jar.getCookieStringSync(url);
    return value || undefined;
  }

  store(host: string, url: string, setCookie: string | string[] | undefined): void {
    if (!setCookie) return;
    let jar = this.jars.get(host);
    if (!jar) {
      jar = new CookieJar();
      this.jars.set(host, jar);
    }
    for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
      try {
        jar.setCookieSync(line, url, { ignoreError: true });
      } catch {
        // a malformed cookie from a retailer is not our failure
      }
    }
  }

  reset(host: string): void {
    this.jars.delete(host);
  }
}
