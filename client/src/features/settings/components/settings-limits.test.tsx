// @vitest-environment jsdom
import {
  DEFAULT_GLOBAL_SETTINGS,
  DEFAULT_SYSTEM_SETTINGS,
  type GlobalSettings,
  type SystemSettings,
} from "@common/schemas/settings";
import { fireEvent, screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { renderScreen, screenServer, settingsAnswer } from "@/test/screen";
import { GlobalTab } from "./global-tab";
import { ProfileTab } from "./profile-tab";
import { SystemTab } from "./system-tab";

const network = screenServer();

/** a number typed over the field's value, as a person selecting it and typing does */
function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const saveButton = () => screen.getByRole("button", { name: "Guardar" });

describe("Configurações: each number keeps to its limits before anything is sent", () => {
  it("Global: at most 50 and at least 1 simultaneous checks; a valid value is saved alone", async () => {
    const saved: GlobalSettings = DEFAULT_GLOBAL_SETTINGS;
    network.use(
      http.put("/api/settings", async ({ request }) => {
        const body = (await request.json()) as { global: GlobalSettings };
        return HttpResponse.json({ ...settingsAnswer(), global: body.global });
      }),
    );
    const { user } = renderScreen(<GlobalTab saved={saved} readOnly={false} />, { path: "/settings" });

    type("Máximo de verificações simultâneas", "51");
    await user.click(saveButton());
    expect(await screen.findByText("Máximo 50", { exact: true })).toBeTruthy();
    type("Máximo de verificações simultâneas", "0");
    await user.click(saveButton());
    expect(await screen.findByText("Mínimo 1", { exact: true })).toBeTruthy();
    expect(network.writes()).toEqual([]);

    type("Máximo de verificações simultâneas", "12");
    await user.click(saveButton());
    await screen.findByText("Configurações globais guardadas");
    const [write] = network.writes();
    expect(write).toMatchObject({ method: "PUT", path: "/api/settings" });
    expect(Object.keys(write.body as object)).toEqual(["global"]);
    expect((write.body as { global: GlobalSettings }).global.maxConcurrentChecks).toBe(12);
  });

  it("Sistema: backups every 168 h at most, 30 kept at most, health every 1440 min at most", async () => {
    const saved: SystemSettings = DEFAULT_SYSTEM_SETTINGS;
    network.use(
      http.get("/api/admin/backups", () => HttpResponse.json({ unavailable: null, backups: [] })),
      http.get("/api/admin/host-budgets", () => HttpResponse.json({ hosts: [] })),
    );
    const { user } = renderScreen(<SystemTab saved={saved} readOnly={false} />, { path: "/settings" });

    type("Intervalo de backup", "169");
    type("Máximo de backups guardados", "31");
    type("Intervalo de verificação de saúde", "1441");
    await user.click(saveButton());
    expect(await screen.findByText("Máximo 168 horas")).toBeTruthy();
    expect(screen.getByText("Máximo 30", { exact: true })).toBeTruthy();
    expect(screen.getByText("Máximo 1440 minutos")).toBeTruthy();
    expect(network.writes()).toEqual([]);
  });

  it("Perfil: an e-mail that is not one is refused under its field", async () => {
    const me = {
      id: 1,
      username: "ana.revenda",
      fullName: "Ana Revendedora",
      email: null,
      avatar: null,
      role: "user" as const,
      monitorLimit: 50,
      createdAt: "2026-11-01T10:00:00.000Z",
      disabledAt: null,
      twoFactorEnabled: false,
      hiddenFromRanking: false,
    };
    const { user } = renderScreen(<ProfileTab user={me} />, { path: "/settings" });
    await user.type(screen.getByLabelText("Email"), "isto-não-é-email");
    await user.click(screen.getByRole("button", { name: "Salvar Perfil" }));
    expect(await screen.findByText("Email inválido")).toBeTruthy();
    expect(network.writes()).toEqual([]);
  });
});
