// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { renderScreen, screenServer } from "@/test/screen";
import { LoginPage } from "./login-page";

const network = screenServer();

const user = {
  id: 1,
  username: "ana.revenda",
  fullName: "Ana Revendedora",
  email: null,
  role: "user",
};

function open() {
  const view = renderScreen(<LoginPage />, { path: "/login" });
  return {
    ...view,
    fill: async (username: string, password: string) => {
      if (username) await view.user.type(screen.getByLabelText("Utilizador"), username);
      if (password) await view.user.type(screen.getByLabelText("Password"), password);
      await view.user.click(screen.getByRole("button", { name: "Entrar" }));
    },
  };
}

describe("o ecrã de login", () => {
  it("empty fields are refused before anything reaches the server", async () => {
    const { fill } = open();
    await fill("", "");
    expect(await screen.findByText("Utilizador obrigatório")).toBeTruthy();
    expect(screen.getByText("Password obrigatória")).toBeTruthy();
    expect(network.writes()).toEqual([]);
  });

  it("shows the server's refusal in an alert and stays on the form", async () => {
    network.use(
      http.post("/api/login", () =>
        HttpResponse.json({ message: "Utilizador ou senha incorretos" }, { status: 401 }),
      ),
    );
    const { fill } = open();
    await fill("ana.revenda", "password-errada");
    expect((await screen.findByRole("alert")).textContent).toBe("Utilizador ou senha incorretos");
    expect(network.writes()).toEqual([
      { method: "POST", path: "/api/login", body: { username: "ana.revenda", password: "password-errada" } },
    ]);
    expect(screen.getByRole("button", { name: "Entrar" })).toBeTruthy();
  });

  it("signed in: welcomes the person by name", async () => {
    network.use(http.post("/api/login", () => HttpResponse.json(user)));
    const { fill } = open();
    await fill("ana.revenda", "password-certa");
    expect(await screen.findByText("Bem-vindo, Ana Revendedora!")).toBeTruthy();
  });

  it("an account with two-step verification asks for its code next", async () => {
    network.use(
      http.post("/api/login", () => HttpResponse.json({ twoFactorRequired: true, challenge: "abc" })),
    );
    const { fill } = open();
    await fill("ana.revenda", "password-certa");
    expect(await screen.findByText("Verificação em dois passos")).toBeTruthy();
    expect(screen.getByLabelText("Código")).toBeTruthy();
  });
});
