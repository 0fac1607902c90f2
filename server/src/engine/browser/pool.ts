import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { CheckFailure } from "../platforms/types.js";
import { processTreeUsage } from "./process-tree.js";

/**
 * Flags for a headless Chromium on a server. Without the background-networking ones Chromium
 * spends its start calling Google services, which fails (slowly) on a closed network. playwright
 * gives every launch a fresh temporary user-data-dir of its own.
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP * ~NOTFOUND",
  // WebRTC sends UDP past the request interception (a page's STUN request reached 127.0.0.1):
  // with no proxy, "disable_non_proxied_udp" leaves it no candidate at all, while the API a
  // challenge script may look for is still there. (Chromium 156 honours this spelling; the
  // "--force-" one did not stop the STUN request.)
  "--webrtc-ip-handling-policy=disable_non_proxied_udp",
];

const DESKTOP_CHROME_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** how often (at most) the pool's memory is read after a check */
const MEMORY_CHECK_EVERY_MS = 2_000;
/** how often a browser's memory is read while one of its pages is lent */
const MEMORY_WATCH_EVERY_MS = 500;

export interface PoolOptions {
  executablePath: string;
  browsers: number;
  pagesPerBrowser: number;
  pageUses: number;
  maxRssBytes: number;
  onError?: (error: unknown) => void;
}

/** one page lent to a check; `intercept` answers every request the page makes while it is lent */
export interface PageLease {
  readonly page: Page;
  readonly context: BrowserContext;
  intercept: ((route: Route) => Promise<void>) | null;
}

interface Slot extends PageLease {
  owner: Instance;
  uses: number;
}

interface Instance {
  /** in Chromium's command line, to find its processes for the memory cap */
  marker: string;
  browser: Promise<Browser> | null;
  idle: Slot[];
  busy: number;
  /** over the memory cap: takes no new checks and closes once its pages are back */
  retiring: boolean;
}

export interface PoolStats {
  launches: number;
  pagesOpen: number;
  /** the most pages open at once since the pool started */
  maxPagesOpen: number;
  busy: number;
  maxBusy: number;
  recycledPages: number;
  restartsForMemory: number;
  /** pages ended in the middle of a check because their browser passed its memory share */
  pagesEndedForMemory: number;
}

/**
 * A small pool of headless Chromium pages: at most browsers × pagesPerBrowser checks at once (the
 * rest wait their turn within their deadline), each page and its context replaced after `pageUses`
 * checks, a browser whose processes grow past its share of the memory cap restarted once idle.
 * Browsers start on the first check, not with the engine.
 */
export class BrowserPool {
  private readonly instances: Instance[] = [];
  private readonly waiting: { resolve: () => void; reject: (e: Error) => void }[] = [];
  private lastMemoryCheck = 0;
  private closed = false;
  readonly stats: PoolStats = {
    launches: 0,
    pagesOpen: 0,
    maxPagesOpen: 0,
    busy: 0,
    maxBusy: 0,
    recycledPages: 0,
    restartsForMemory: 0,
    pagesEndedForMemory: 0,
  };

  constructor(private readonly o: PoolOptions) {
    for (let i = 0; i < o.browsers; i++) this.instances.push(this.newInstance());
  }

  get capacity(): number {
    return this.o.browsers * this.o.pagesPerBrowser;
  }

  /** lends a page to `task` until it settles; waits for one until `deadline` (epoch ms) */
  async withPage<T>(deadline: number, task: (lease: PageLease) => Promise<T>): Promise<T> {
    if (this.closed) throw new CheckFailure("network", "Rota do navegador parada");
    await this.turn(deadline);
    let slot: Slot | null = null;
    let watch: NodeJS.Timeout | undefined;
    try {
      slot = await this.takeSlot();
      const lent = slot;
      // the cap holds during the check too: one page took Chromium to 2.45 GB against 768 MB
      // before the check ended and the memory was first read
      let overCap = false;
      const ended = new Promise<never>((_, reject) => {
        watch = setInterval(() => {
          if (overCap || !this.overMemoryShare(lent.owner)) return;
          overCap = true;
          this.stats.pagesEndedForMemory++;
          if (!lent.owner.retiring) {
            lent.owner.retiring = true;
            this.stats.restartsForMemory++;
          }
          void lent.context.close().catch(() => {});
          reject(
            new CheckFailure("network", "A página passou o limite de memória do navegador e foi fechada"),
          );
        }, MEMORY_WATCH_EVERY_MS);
      });
      ended.catch(() => {});
      return await Promise.race([task(lent), ended]);
    } finally {
      clearInterval(watch);
      if (slot) await this.giveBack(slot);
      this.stats.busy--;
      this.next();
    }
  }

  /** RSS of every Chromium process of the pool (null where /proc is missing) */
  usage(): { rssBytes: number; cpuMs: number } | null {
    let rssBytes = 0;
    let cpuMs = 0;
    let found = false;
    for (const instance of this.instances) {
      if (!instance.browser) continue;
      const u = processTreeUsage(instance.marker);
      if (!u) continue;
      found = true;
      rssBytes += u.rssBytes;
      cpuMs += u.cpuMs;
    }
    return found ? { rssBytes, cpuMs } : null;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w.reject(new CheckFailure("network", "Rota do navegador parada"));
    await Promise.all(this.instances.map((i) => this.shutDown(i)));
  }

  private newInstance(): Instance {
    return {
      marker: `--stock-monitor-pool=${randomUUID()}`,
      browser: null,
      idle: [],
      busy: 0,
      retiring: false,
    };
  }

  private turn(deadline: number): Promise<void> {
    if (this.stats.busy < this.capacity && this.waiting.length === 0) {
      this.markBusy();
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (e: Error) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      const timer = setTimeout(
        () => {
          const i = this.waiting.indexOf(entry);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(new CheckFailure("timeout", "Tempo esgotado à espera de uma página do navegador"));
        },
        Math.max(0, deadline - Date.now()),
      );
      this.waiting.push(entry);
    });
  }

  private markBusy(): void {
    this.stats.busy++;
    this.stats.maxBusy = Math.max(this.stats.maxBusy, this.stats.busy);
  }

  private next(): void {
    while (this.waiting.length > 0 && this.stats.busy < this.capacity) {
      this.markBusy();
      this.waiting.shift()!.resolve();
    }
  }

  private async takeSlot(): Promise<Slot> {
    const instance = this.pickInstance();
    instance.busy++;
    try {
      const idle = instance.idle.pop();
      if (idle && !idle.page.isClosed()) return idle;
      if (idle) this.forget(idle);
      const browser = await this.browserOf(instance);
      const context = await browser.newContext({
        userAgent: DESKTOP_CHROME_UA,
        locale: "pt-PT",
        timezoneId: "Europe/Lisbon",
        serviceWorkers: "block",
        acceptDownloads: false,
      });
      const page = await context.newPage();
      const slot: Slot = { owner: instance, page, context, uses: 0, intercept: null };
      this.stats.pagesOpen++;
      this.stats.maxPagesOpen = Math.max(this.stats.maxPagesOpen, this.stats.pagesOpen);
      // every request of the page, sub-resources included, is answered by the lease's holder
      await context.route("**/*", (route) =>
        slot.intercept ? slot.intercept(route) : route.abort("blockedbyclient"),
      );
      return slot;
    } catch (error) {
      instance.busy--;
      throw error;
    }
  }

  /** the instance with the fewest pages lent; a retiring one only when all are */
  private pickInstance(): Instance {
    let best: Instance | null = null;
    for (const i of this.instances) {
      if (i.busy >= this.o.pagesPerBrowser) continue;
      if (!best || (best.retiring && !i.retiring) || (i.retiring === best.retiring && i.busy < best.busy))
        best = i;
    }
    return best ?? this.instances[0];
  }

  private browserOf(instance: Instance): Promise<Browser> {
    if (!instance.browser) {
      this.stats.launches++;
      // playwright-core (~70 MB once loaded) only when a page first needs the browser
      const launching = import("playwright-core").then(({ chromium }) =>
        chromium.launch({
          executablePath: this.o.executablePath,
          headless: true,
          args: [...CHROMIUM_ARGS, instance.marker],
          timeout: 30_000,
        }),
      );
      instance.browser = launching;
      launching.then(
        (browser) =>
          browser.on("disconnected", () => {
            if (instance.browser !== launching) return;
            instance.browser = null;
            for (const slot of instance.idle.splice(0)) this.forget(slot);
          }),
        () => {
          if (instance.browser === launching) instance.browser = null;
        },
      );
    }
    return instance.browser;
  }

  private async giveBack(slot: Slot): Promise<void> {
    const instance = slot.owner;
    slot.intercept = null;
    slot.uses++;
    instance.busy--;
    let keep = slot.uses < this.o.pageUses && !slot.page.isClosed() && !instance.retiring;
    if (keep) {
      try {
        // leaves the product page (its scripts stop) and forgets the host's cookies before the next check
        await slot.page.goto("about:blank", { timeout: 5_000 });
        await slot.context.clearCookies();
      } catch {
        keep = false;
      }
    }
    if (keep) instance.idle.push(slot);
    else {
      if (slot.uses >= this.o.pageUses) this.stats.recycledPages++;
      await this.closeSlot(slot);
    }
    this.watchMemory(instance);
    if (instance.retiring && instance.busy === 0) await this.shutDown(instance);
  }

  private watchMemory(instance: Instance): void {
    const now = Date.now();
    if (instance.retiring || now - this.lastMemoryCheck < MEMORY_CHECK_EVERY_MS) return;
    this.lastMemoryCheck = now;
    if (this.overMemoryShare(instance)) {
      instance.retiring = true;
      this.stats.restartsForMemory++;
    }
  }

  private overMemoryShare(instance: Instance): boolean {
    const usage = processTreeUsage(instance.marker);
    return usage !== null && usage.rssBytes > this.o.maxRssBytes / this.o.browsers;
  }

  private async closeSlot(slot: Slot): Promise<void> {
    this.forget(slot);
    await slot.context.close().catch(() => {});
  }

  private forget(slot: Slot): void {
    this.stats.pagesOpen--;
    const i = slot.owner.idle.indexOf(slot);
    if (i >= 0) slot.owner.idle.splice(i, 1);
  }

  private async shutDown(instance: Instance): Promise<void> {
    const launching = instance.browser;
    const slots = instance.idle.splice(0);
    for (const slot of slots) this.forget(slot);
    instance.browser = null;
    instance.retiring = false;
    instance.marker = this.newInstance().marker;
    if (!launching) return;
    try {
      const browser = await launching;
      await browser.close();
    } catch (error) {
      this.o.onError?.(error);
    }
  }
}
