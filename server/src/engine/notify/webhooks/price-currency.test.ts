import { describe, expect, it } from "vitest";
import type { AlertPayload } from "../alert.js";
import { alertEmail } from "../channels/email.js";
import { telegramRequest } from "./telegram.js";

const alert: AlertPayload = {
  kind: "vinted_new_items",
  productId: 1,
  productName: "Armário da Ana",
  productUrl: "https://www.vinted.pl/member/1",
  platform: "vinted",
  status: "in_stock",
  price: "19800.00",
  currency: "JPY",
  sizes: [],
  newSizes: [],
  items: [
    { id: "9", title: "Casaco", url: "https://www.vinted.pl/items/9", price: "45.00", currency: "PLN" },
  ],
  at: "2026-11-22T10:00:00Z",
};

describe("alert prices keep the retailer's currency on every channel", () => {
  it("e-mail: ¥ and złoty as given, never €", () => {
    const mail = alertEmail(alert);
    expect(mail.text).toMatch(/Preço: 19\s800\sJP¥/);
    expect(mail.text).toMatch(/Casaco — 45,00\sPLN/);
    expect(mail.text + mail.html).not.toContain("€");
  });

  it("Telegram: ¥ and złoty as given, never €", () => {
    const { body } = telegramRequest({ token: "1:x", chatId: "5" }, alert);
    const text = JSON.stringify(body);
    expect(text).toMatch(/Preço: 19\s800\sJP¥/);
    expect(text).toMatch(/45,00\sPLN/);
    expect(text).not.toContain("€");
  });

  it("an alert queued before currencies were kept is in euros", () => {
    const { currency: _, items: __, ...old } = alert;
    expect(alertEmail({ ...old, price: "12.50" }).text).toMatch(/Preço: 12,50\s€/);
  });
});
