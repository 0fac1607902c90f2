import { expect } from "vitest";
import type { EngineHandle } from "../src/engine/handle.js";
import type { TestApp } from "./harness.js";

/** a public literal address: passes the SSRF guard without DNS (tests never reach the internet) */
export const WEBHOOK = "https://162.159.135.232/api/webhooks/1/token";

export const zaraProduct = (overrides: Record<string, unknown> = {}) => ({
  name: "Casaco comprido de lã",
  productId: "02015602",
  url: "https://www.zara.com/pt/pt/casaco-comprido-la-p02015602.html?v1=364118231",
  webhookUrl: WEBHOOK,
  imageUrl: "",
  price: "89,95",
  checkInterval: 5000,
  platform: "zara",
  config: "",
  variants: [],
  ...overrides,
});

/** records what the routes ask of the engine */
export function recordingEngine(): EngineHandle & { checked: number[] } {
  const checked: number[] = [];
  return { checked, checkSoon: (id) => checked.push(id), health: () => null };
}

/** adds a product as the user of `cookie` over POST /api/products; the id is read from the URL */
export async function addProduct(
  t: TestApp,
  cookie: string,
  { platform, url, name }: { platform: string; url: string; name: string },
): Promise<number> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/products",
    headers: { cookie },
    payload: { name, productId: "", url, webhookUrl: WEBHOOK, checkInterval: 60000, platform, variants: [] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
