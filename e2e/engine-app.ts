import { expect } from "@playwright/test";
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

/** Nude Project products by [name, URL], checked every second, alerting `webhookUrl` */
export async function addNudeProducts(
  api: Awaited<ReturnType<typeof apiSession>>,
  products: [name: string, url: string][],
  webhookUrl: string,
) {
  for (const [name, url] of products) {
    const res = await api.post("/api/products", {
      data: { name, url, productId: "", platform: "nudeproject", checkInterval: 1000, webhookUrl },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}
