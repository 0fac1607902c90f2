import { describe, expect, it } from "vitest";
import { DEFAULT_USER_SETTINGS, restoreDefaultsRequest } from "./settings";

describe("restoreDefaultsRequest", () => {
  it("resets the user's preferences and keeps what is not one", () => {
    const body = restoreDefaultsRequest(false);
    expect(body.user.theme).toBe(DEFAULT_USER_SETTINGS.theme);
    expect(body.user.emailNotifications).toBe(DEFAULT_USER_SETTINGS.emailNotifications);
    for (const kept of ["defaultWebhookUrl", "usualClothingSizes", "usualShoeSizes", "pushNotifications"]) {
      expect(body.user).not.toHaveProperty(kept);
    }
    expect(body).not.toHaveProperty("global");
    expect(body).not.toHaveProperty("system");
  });

  it("an admin's also resets Global (but its webhook) and Sistema", () => {
    const body = restoreDefaultsRequest(true);
    expect(body.global).toBeDefined();
    expect(body.global).not.toHaveProperty("defaultWebhookUrl");
    expect(body.system).toBeDefined();
  });

  it("without e-mail on the server leaves the e-mail switch alone (turning it on would be refused)", () => {
    expect(restoreDefaultsRequest(false, false).user).not.toHaveProperty("emailNotifications");
  });
});
