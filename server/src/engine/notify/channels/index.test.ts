import { ALERT_CHANNELS, CHANNEL_SETTING_DEFAULTS } from "@common/alert-channels.js";
import { alertChannelsSchema, effectiveAlertChannels } from "@common/schemas/products.js";
import { DEFAULT_USER_SETTINGS, userSettingsSchema } from "@common/schemas/settings.js";
import { describe, expect, it } from "vitest";
import { alertsGoOut } from "../gate.js";
import { ALWAYS_OPEN, CHANNEL_KINDS } from "./index.js";

describe("alert channels registry", () => {
  it("has one engine record per channel of common/alert-channels.ts but the webhook, in its order", () => {
    expect(CHANNEL_KINDS.map((k) => k.key)).toEqual(
      ALERT_CHANNELS.filter((c) => c.key !== "webhook").map((c) => c.key),
    );
    for (const kind of CHANNEL_KINDS) {
      expect(kind.prefix).toMatch(/:$/);
      expect(kind.destinationsSql).toMatch(/\bas destination\b/);
    }
    // e-mail waits for an SMTP server; push is always open
    expect(ALWAYS_OPEN).toEqual(["push"]);
  });

  it("derives the product's channel choice, the user's switches and their defaults from the list", () => {
    expect(Object.keys(alertChannelsSchema.shape)).toEqual(["webhook", "email", "push"]);
    expect(CHANNEL_SETTING_DEFAULTS).toEqual({ emailNotifications: true, pushNotifications: false });
    expect(DEFAULT_USER_SETTINGS).toMatchObject(CHANNEL_SETTING_DEFAULTS);
    expect(userSettingsSchema.shape).toHaveProperty("emailNotifications");
    expect(effectiveAlertChannels(null, { emailNotifications: false, pushNotifications: true })).toEqual({
      webhook: true,
      email: false,
      push: true,
    });
    for (const channel of ALERT_CHANNELS) {
      for (const language of ["pt", "en", "es"] as const) expect(channel.texts[language].label).not.toBe("");
    }
  });

  it("lets a product's alerts out only where it has somewhere to send them", () => {
    const product = { notificationsEnabled: true, webhookUrl: "" };
    expect(alertsGoOut({ ...product, alertChannels: null })).toBe(false);
    expect(alertsGoOut({ ...product, webhookUrl: "https://x.example/h", alertChannels: null })).toBe(true);
    expect(alertsGoOut({ ...product, alertChannels: { webhook: true, email: false, push: false } })).toBe(
      false,
    );
    expect(alertsGoOut({ ...product, alertChannels: { webhook: false, email: false, push: true } })).toBe(
      true,
    );
    expect(
      alertsGoOut({
        ...product,
        notificationsEnabled: false,
        alertChannels: { webhook: true, email: true, push: true },
      }),
    ).toBe(false);
  });
});
