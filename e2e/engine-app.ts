import { type APIRequestContext, expect } from "@playwright/test";
import { FakeRetailer } from "../tools/fake-retailer";
import { FakeWebhook } from "../tools/fake-webhook";
import { type apiSession, type QualityApp, startQualityApp } from "./quality-app";

export const SHOP = "https://nudeproject.com";

export interface EngineApp {
  app: QualityApp;
  /** the stand-in shop the engine reads instead of the real hosts */
  retailer: FakeRetailer;
  /** the stand-in webhook's base URL, for the products' alerts */
  hook: string;
  /** the stand-in webhook itself: what it received, and when */
  webhook: FakeWebhook;
  stop(): Promise<void>;
}

/**
 * A private app with its engine on, whose checks of `hosts` reach the stand-in retailer, and a
 * stand-in webhook for their alerts (the specs that watch real checks: Monitor list, live updates).
 */
export async function startEngineApp(hosts: string[] = [SHOP]): Promise<EngineApp> {
  const retailer = new FakeRetailer();
  const shop = await retailer.listen();
  const webhook = new FakeWebhook();
  const hook = await webhook.listen();
  const app = await startQualityApp({
    ENGINE: "on",
    ALLOW_PRIVATE_WEBHOOKS: "true",
    MONITOR_REDIRECT: hosts.map((host) => `${host}=${shop}`).join(","),
  });
  return {
    app,
    retailer,
    hook,
    webhook,
    stop: async () => {
      await app.stop();
      await retailer.close();
      await webhook.close();
    },
  };
}

/**
 * The longest interval a product may have (1 h): no scheduled check comes within a spec's minutes,
 * so every check the engine makes there is one the spec asked for (`checkNow`) or a product's first,
 * and the spec waits on what that check shows rather than on the clock of a short interval.
 */
export const ASKED_CHECKS_ONLY = 3_600_000;

/** Nude Project products by [name, URL], checked at once and then only when asked, alerting `webhookUrl` */
export async function addNudeProducts(
  api: Awaited<ReturnType<typeof apiSession>>,
  products: [name: string, url: string][],
  webhookUrl: string,
) {
  for (const [name, url] of products) {
    const res = await api.post("/api/products", {
      data: {
        name,
        url,
        productId: "",
        platform: "nudeproject",
        checkInterval: ASKED_CHECKS_ONLY,
        webhookUrl,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

/**
 * Has the engine check the product named `name` now, as a user does by pausing and resuming it: a
 * product turned on is due at once (POST /api/products/:id/toggle). "Testar agora" would not do: it
 * reads the page without changing the status or alerting. Returns once the engine was asked, not
 * when the check is done: wait for what the check shows.
 */
export async function checkNow(api: APIRequestContext, name: string): Promise<void> {
  const list = (await (await api.get("/api/products")).json()) as { id: number; name: string }[];
  const product = list.find((p) => p.name === name);
  if (!product) throw new Error(`no product named ${name}`);
  for (const isActive of [false, true]) {
    const res = await api.post(`/api/products/${product.id}/toggle`);
    expect(res.status(), await res.text()).toBe(200);
    expect(((await res.json()) as { isActive: boolean }).isActive).toBe(isActive);
  }
}
