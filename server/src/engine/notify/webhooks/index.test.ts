import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AlertPayload } from "../alert.js";
import { testMessageRequest } from "../test-message.js";
import { retryAfterMs, WEBHOOK_KINDS, webhookKindOf } from "./index.js";

const alert: AlertPayload = {
  kind: "restock",
  productId: 1,
  productName: "Hoodie",
  productUrl: "https://shop.example/p/1",
  platform: "zara",
  status: "in_stock",
  sizes: ["M"],
  newSizes: ["M"],
  at: "2026-05-01T10:00:00.000Z",
};

describe("webhook kinds registry", () => {
  it("loads every kind file of the folder, generic JSON last", () => {
    const files = readdirSync(new URL("./", import.meta.url))
      .filter((n) => n.endsWith(".ts") && !n.endsWith(".test.ts"))
      .filter((n) => !/^(index|define-webhook-kind)\./.test(n))
      .map((n) => n.replace(/\.ts$/, ""));
    expect(WEBHOOK_KINDS.map((k) => k.key).sort()).toEqual(files.sort());
    expect(WEBHOOK_KINDS.at(-1)?.key).toBe("generic");
  });

  it.each(WEBHOOK_KINDS.map((k) => [k.key, k] as const))(
    "%s: recognises its sample address and has its own test message, which names the test",
    (key, kind) => {
      expect(webhookKindOf(kind.sampleUrl).key).toBe(key);
      expect(typeof kind.testRequest).toBe("function");
      const request = testMessageRequest(kind.sampleUrl, new Date("2026-05-01T10:00:00Z"));
      expect(JSON.stringify(request.body)).toContain("Mensagem de teste");
      // a kind's test message is its own, not another kind's (no silent fallback to generic JSON)
      const others = WEBHOOK_KINDS.filter((k) => k.key !== key);
      for (const other of others) {
        const theirs = other.testRequest(kind.sampleUrl, {
          title: "Stock Monitor: teste",
          text: "x",
          at: "2026-05-01T10:00:00.000Z",
        });
        const mine = kind.testRequest(kind.sampleUrl, {
          title: "Stock Monitor: teste",
          text: "x",
          at: "2026-05-01T10:00:00.000Z",
        });
        expect(mine).not.toEqual(theirs);
      }
      expect(kind.alertRequest(kind.sampleUrl, alert).body).toBeTruthy();
    },
  );

  it("reads a 429's wait the way each kind says it, else from the headers", () => {
    const res = (body: unknown, headers: Record<string, string> = {}) => ({
      status: 429,
      headers,
      body: JSON.stringify(body),
      url: "",
    });
    const discord = webhookKindOf("https://discord.com/api/webhooks/1/x");
    const telegram = webhookKindOf("https://api.telegram.org/bot1:A/sendMessage?chat_id=2");
    expect(retryAfterMs(res({ retry_after: 1.2 }), discord)).toBe(1200);
    expect(retryAfterMs(res({ parameters: { retry_after: 3 } }), telegram)).toBe(3000);
    expect(retryAfterMs(res({}, { "retry-after": "4" }), webhookKindOf("https://example.com/h"))).toBe(4000);
    expect(retryAfterMs(res({ retry_after: 99999 }), discord)).toBe(600_000);
  });
});
