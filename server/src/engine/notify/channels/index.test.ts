import {
  ALERT_CHANNEL_KEYS,
  ALERT_CHANNELS,
  CHANNEL_SETTING_DEFAULTS,
  onlyChannels,
  SETTING_CHANNELS,
} from "@common/alert-channels.js";
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
    expect(ALWAYS_OPEN).toContain("push");
    expect(ALWAYS_OPEN).not.toContain("email");
  });

  it("derives the product's channel choice, the user's switches and their defaults from the list", () => {
    expect(Object.keys(alertChannelsSchema.shape)).toEqual(ALERT_CHANNEL_KEYS);
    expect(ALERT_CHANNEL_KEYS.slice(0, 3)).toEqual(["webhook", "email", "push"]);
    expect(CHANNEL_SETTING_DEFAULTS).toMatchObject({ emailNotifications: true, pushNotifications: false });
    expect(DEFAULT_USER_SETTINGS).toMatchObject(CHANNEL_SETTING_DEFAULTS);
    for (const channel of SETTING_CHANNELS) expect(userSettingsSchema.shape).toHaveProperty(channel.setting);
    // the user's switches decide for a product that chose nothing; the webhook always stays on
    const only = (key: (typeof SETTING_CHANNELS)[number]["key"]) =>
      Object.fromEntries(
        SETTING_CHANNELS.map((c) => [c.setting, c.key === key]),
      ) as typeof CHANNEL_SETTING_DEFAULTS;
    expect(effectiveAlertChannels(null, only("push"))).toEqual(onlyChannels("webhook", "push"));
    expect(effectiveAlertChannels(null, only("email"))).toEqual(onlyChannels("webhook", "email"));
    for (const channel of ALERT_CHANNELS) {
      for (const language of ["pt", "en", "es"] as const) expect(channel.texts[language].label).not.toBe("");
    }
  });

  it("lets a product's alerts out only where it has somewhere to send them", () => {
    const product = { notificationsEnabled: true, webhookUrl: "" };
    expect(alertsGoOut({ ...product, alertChannels: null })).toBe(false);
    expect(alertsGoOut({ ...product, webhookUrl: "https://x.example/h", alertChannels: null })).toBe(true);
    expect(alertsGoOut({ ...product, alertChannels: onlyChannels("webhook") })).toBe(false);
    expect(alertsGoOut({ ...product, alertChannels: onlyChannels("push") })).toBe(true);
    expect(
      alertsGoOut({
        ...product,
        notificationsEnabled: false,
        alertChannels: onlyChannels(...ALERT_CHANNEL_KEYS),
      }),
    ).toBe(false);
  });
});
