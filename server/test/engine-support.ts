import type { AlertChannels } from "@common/schemas/products.js";
import { type MonitorRulesInput, monitorRulesSchema } from "@common/schemas/monitor-rules.js";
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings } from "@common/schemas/settings.js";
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { expect } from "vitest";
import { FakeRetailer } from "../../tools/fake-retailer.js";
import { FakeWebhook } from "../../tools/fake-webhook.js";
import type { Database } from "../src/db/client.js";
import { activityLogs, notifications, products, users } from "../src/db/schema.js";
import { CATALOGUE } from "../src/engine/platforms/index.js";
import { type Engine, type EngineOptions, startEngine } from "../src/engine/start.js";
import { saveAppSettings } from "../src/services/settings.js";
import type { ChildOptions } from "./engine-child.js";
import { eventually } from "./harness.js";

/** the real retailer and Discord origins the stand-ins answer for (MONITOR_REDIRECT) */
export const ORIGINS = {
  shop: "https://nudeproject.com",
  zara: "https://www.zara.com",
  vinted: "https://www.vinted.pt",
  discord: "https://discord.com",
};

export const DISCORD_WEBHOOK = "https://discord.com/api/webhooks/123/token-abc";

export interface World {
  database: Database;
  retailer: FakeRetailer;
  webhook: FakeWebhook;
  userId: number;
  redirects: Map<string, string>;
  engines: Engine[];
  start(opts?: Partial<EngineOptions>): Promise<Engine>;
  addProduct(p: {
    platform: string;
    url: string;
    interval?: number;
    name?: string;
    config?: string;
    alertChannels?: AlertChannels | null;
    /** a search monitor's (or a product's price and size) rules */
    rules?: MonitorRulesInput;
    /** another user's product (addUser); default the world's user */
    userId?: number;
    webhookUrl?: string;
  }): Promise<number>;
  /** another user, who watches with their own products */
  addUser(): Promise<number>;
  product(id: number): Promise<typeof products.$inferSelect>;
  /**
   * waits until product `id` has been checked `times` more times (its stored last check moved that
   * often): "nothing more happened" is then shown over real checks, not over a sleep a slow machine
   * may spend without a single check. Several ids: each of them that often (one query a poll).
   */
  checkedAgain(id: number | readonly number[], times: number, timeoutMs?: number): Promise<void>;
  settings(change: Partial<GlobalSettings>): Promise<void>;
  notificationRows(): Promise<(typeof notifications.$inferSelect)[]>;
  /**
   * waits until product `id` has at least `atLeast` alert rows and none is still to be sent (each
   * sent or failed for good), and returns them: the rows are written with the alert, in one
   * statement, so a channel without a row here will never be sent to, with no sleep to prove it
   */
  outboxSettled(id: number, atLeast?: number): Promise<(typeof notifications.$inferSelect)[]>;
  activities(productId: number): Promise<(typeof activityLogs.$inferSelect)[]>;
  /** stops engines, turns products off, clears the stand-ins: the next test starts clean */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function createWorld(database: Database): Promise<World> {
  const retailer = new FakeRetailer();
  const webhook = new FakeWebhook();
  const shopOrigin = await retailer.listen();
  const hookOrigin = await webhook.listen();
  const redirects = new Map([
    [ORIGINS.shop, shopOrigin],
    [ORIGINS.zara, shopOrigin],
    [ORIGINS.vinted, shopOrigin],
    [ORIGINS.discord, hookOrigin],
  ]);
  const addUser = async () => {
    const [row] = await database.db
      .insert(users)
      .values({
        username: `u${Date.now()}${Math.random()}`.slice(0, 30),
        passwordHash: "x",
        monitorLimit: 1000,
      })
      .returning({ id: users.id });
    return row.id;
  };
  const user = { id: await addUser() };
  const engines: Engine[] = [];
  const world: World = {
    database,
    retailer,
    webhook,
    userId: user.id,
    redirects,
    engines,
    async start(opts = {}) {
      const engine = await startEngine({
        database,
        config: { monitorProxies: [], monitorRedirect: redirects },
        onError: (e) => console.error("[engine test]", e),
        ...opts,
        scheduler: { startJitterMs: 0, settingsRefreshMs: 100, leaseMs: 5000, ...opts.scheduler },
        notifier: { pollMs: 100, retryBaseMs: 200, ...opts.notifier },
        http: { backoff: { initialMs: 60_000, maxMs: 120_000 }, ...opts.http },
      });
      engines.push(engine);
      return engine;
    },
    async addProduct(p) {
      const [row] = await database.db
        .insert(products)
        .values({
          userId: p.userId ?? user.id,
          name: p.name ?? "Produto de teste",
          productId: "",
          url: p.url,
          webhookUrl: p.webhookUrl ?? DISCORD_WEBHOOK,
          platform: p.platform,
          checkInterval: p.interval ?? 1000,
          config: p.config ?? null,
          alertChannels: p.alertChannels ?? null,
          rules: p.rules ? monitorRulesSchema.parse(p.rules) : null,
          monitorType: CATALOGUE.searchOf(p.platform, p.url) ? "search" : "stock",
        })
        .returning({ id: products.id });
      return row.id;
    },
    addUser,
    async checkedAgain(id, times, timeoutMs = 20_000) {
      const ids = typeof id === "number" ? [id] : [...id];
      const lastChecks = async () => {
        const rows = await database.db
          .select({ id: products.id, lastCheck: products.lastCheck })
          .from(products)
          .where(inArray(products.id, ids));
        return new Map(rows.map((r) => [r.id, r.lastCheck?.getTime() ?? 0]));
      };
      const last = await lastChecks();
      const seen = new Map(ids.map((i) => [i, 0]));
      const deadline = Date.now() + timeoutMs;
      while ([...seen.values()].some((n) => n < times)) {
        if (Date.now() > deadline) {
          const behind = ids.filter((i) => seen.get(i)! < times).map((i) => `${i}: ${seen.get(i)}`);
          throw new Error(
            `produtos verificados menos de ${times} vezes em ${timeoutMs} ms (id: vezes) ${behind.join(", ")}`,
          );
        }
        await sleep(20);
        for (const [i, now] of await lastChecks()) {
          if (now !== last.get(i)) {
            last.set(i, now);
            seen.set(i, seen.get(i)! + 1);
          }
        }
      }
    },
    async product(id) {
      const [row] = await database.db.select().from(products).where(eq(products.id, id));
      return row;
    },
    settings: (change) => saveAppSettings(database.db, "global", { ...DEFAULT_GLOBAL_SETTINGS, ...change }),
    notificationRows: () => database.db.select().from(notifications).orderBy(notifications.id),
    async outboxSettled(id, atLeast = 1) {
      let rows: (typeof notifications.$inferSelect)[] = [];
      await eventually(async () => {
        rows = (await world.notificationRows()).filter((r) => r.productId === id);
        expect(rows.length).toBeGreaterThanOrEqual(atLeast);
        expect(rows.filter((r) => r.status === "pending" || r.status === "sending")).toEqual([]);
      }, 15_000);
      return rows;
    },
    activities: (productId) =>
      database.db
        .select()
        .from(activityLogs)
        .where(eq(activityLogs.productId, productId))
        .orderBy(activityLogs.id),
    async reset() {
      await Promise.all(engines.splice(0).map((e) => e.stop()));
      await database.db.execute(sql`update products set is_active = false`);
      await saveAppSettings(database.db, "global", DEFAULT_GLOBAL_SETTINGS);
      retailer.globalBlock = "off";
      retailer.delayMs = 0;
      retailer.dripMs = 2_000;
      retailer.pagePadBytes = 0;
      retailer.resetStats();
      retailer.searches.reset();
      webhook.received.length = 0;
      webhook.setMode("ok");
      webhook.resetPaths();
    },
    async close() {
      await world.reset();
      await retailer.close();
      await webhook.close();
    },
  };
  return world;
}

export { eventually } from "./harness.js";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** the Discord embeds of a recorded delivery */
export function embedsOf(
  body: unknown,
): { title: string; url?: string; description?: string; fields: { name: string; value: string }[] }[] {
  return (body as { embeds: never[] }).embeds;
}

/**
 * One engine worker in a process of its own (engine-child.ts), for the tests that kill workers;
 * resolves once it runs. The caller keeps `children` to SIGKILL what is left after the test.
 */
export function forkEngineChild(options: ChildOptions, children: ChildProcess[]): Promise<ChildProcess> {
  const child = fork(path.resolve(import.meta.dirname, "engine-child.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, ENGINE_CHILD: JSON.stringify(options) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once("message", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`${options.workerId} saiu (${code})`)));
  });
}
