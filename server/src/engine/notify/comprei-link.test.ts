import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";
import type { AlertPayload } from "./alert.js";
import { alertEmail } from "./channels/email.js";
import { pushMessage } from "./channels/push.js";
import { webhookKindOf } from "./webhooks/index.js";

const APP = "https://stock.example.pt";
const LINK = `${APP}/inventory?comprei=42`;

const alert = (change: Partial<AlertPayload> = {}): AlertPayload => ({
  kind: "restock",
  productId: 42,
  productName: "Casaco comprido de lã",
  productUrl: "https://www.zara.com/pt/pt/casaco-p02015602.html",
  platform: "zara",
  status: "in_stock",
  price: "89.95",
  sizes: ["M"],
  newSizes: ["M"],
  at: "2026-11-30T01:00:00.000Z",
  appUrl: APP,
  ...change,
});
const search = (change: Partial<AlertPayload> = {}) =>
  alert({
    kind: "search_new_items",
    platform: "vinted",
    items: [
      { id: "4411", title: "Nike Dunk Low", price: "30.00", url: "https://www.vinted.pt/items/4411" },
      { id: "a b", title: "Dunk 2", price: "31.00", url: "https://www.vinted.pt/items/5" },
    ],
    ...change,
  });

const WEBHOOKS = {
  discord: "https://discord.com/api/webhooks/1/abc",
  slack: "https://hooks.slack.com/services/T/B/X",
  telegram: "https://api.telegram.org/bot123:abc/sendMessage?chat_id=9",
  generic: "https://hooks.example.com/stock",
};
/** every channel's message as text: what the receiver gets */
const messages = (a: AlertPayload): Record<keyof typeof WEBHOOKS | "email" | "push", string> => {
  const body = (url: string) => JSON.stringify(webhookKindOf(url).alertRequest(url, a).body);
  return {
    discord: body(WEBHOOKS.discord),
    slack: body(WEBHOOKS.slack),
    telegram: body(WEBHOOKS.telegram),
    generic: body(WEBHOOKS.generic),
    email: JSON.stringify(alertEmail(a)),
    push: JSON.stringify(pushMessage(a)),
  };
};

/** PUBLIC_URL set: an alert a purchase may follow links to the app's "Comprei" for its monitor */
describe("the alert's link into the app", () => {
  it("is in the message of every channel, in the owner's language", () => {
    for (const [channel, text] of Object.entries(messages(alert()))) {
      expect(text, channel).toContain(LINK);
    }
    expect(messages(alert()).discord).toContain(
      "[Registar no inventário](https://stock.example.pt/inventory?comprei=42)",
    );
    expect(messages(alert({ language: "en" })).slack).toContain("|Add to the inventory>");
    expect(messages(alert({ language: "es" })).telegram).toContain("Lo compré");
    expect(JSON.parse(messages(alert()).generic)).toMatchObject({ compreiUrl: LINK });
    expect(JSON.parse(messages(alert()).push)).toMatchObject({ comprei: { url: LINK, title: "Comprei" } });
  });

  it("names each of a search's matches", () => {
    const all = messages(search());
    for (const [channel, text] of Object.entries(all)) {
      if (channel === "push") continue; // a notification has one button: the product's, not a match's
      // HTML (Telegram, e-mail) writes the & as &amp;
      const plain = text.replaceAll("&amp;", "&");
      expect(plain, channel).toContain(`${APP}/inventory?comprei=42&resultado=4411`);
      expect(plain, channel).toContain("comprei=42&resultado=a%20b");
    }
    expect(JSON.parse(all.generic).items[0]).toMatchObject({
      compreiUrl: `${APP}/inventory?comprei=42&resultado=4411`,
    });
  });

  it("is not in alerts no purchase follows, nor anywhere without PUBLIC_URL", () => {
    for (const kind of ["sold_out", "check_failing", "vinted_new_items", "paused_not_found"] as const) {
      for (const [channel, text] of Object.entries(messages(alert({ kind })))) {
        expect(text, `${kind} ${channel}`).not.toContain("comprei=");
      }
    }
    for (const a of [alert({ appUrl: undefined }), search({ appUrl: undefined })]) {
      for (const [channel, text] of Object.entries(messages(a))) {
        expect(text, channel).not.toContain("comprei=");
        expect(text, channel).not.toContain("stock.example.pt");
      }
    }
    // the generic JSON never shows the server's own setting as a field
    expect(JSON.parse(messages(alert()).generic)).not.toHaveProperty("appUrl");
  });

  it("PUBLIC_URL: an http(s) address, a trailing slash dropped, a path kept; anything else refused", () => {
    const publicUrl = (PUBLIC_URL?: string) => loadConfig({ NODE_ENV: "test", PUBLIC_URL }).publicUrl;
    expect(publicUrl()).toBeUndefined();
    expect(publicUrl("https://stock.example.pt/")).toBe("https://stock.example.pt");
    expect(publicUrl("https://example.pt/stock/")).toBe("https://example.pt/stock");
    expect(() => publicUrl("stock.example.pt")).toThrow(/PUBLIC_URL/);
    expect(() => publicUrl("ftp://stock.example.pt")).toThrow(/PUBLIC_URL/);
    expect(() => publicUrl("https://stock.example.pt/?a=1")).toThrow(/PUBLIC_URL/);
  });
});
