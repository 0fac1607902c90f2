// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { renderScreen, screenServer } from "@/test/screen";
import { CreateUserDialog } from "./create-user-dialog";

const network = screenServer();

async function open() {
  const view = renderScreen(<CreateUserDialog />, { path: "/staff-admin" });
  await view.user.click(screen.getByRole("button", { name: "Novo Utilizador" }));
  const dialog = await screen.findByRole("dialog");
  const submit = within(dialog).getByRole("button", { name: "Criar Utilizador" });
  const field = (label: string) => within(dialog).getByLabelText(label);
  return { ...view, dialog, submit, field };
}

describe("Novo Utilizador", () => {
  it("says in Portuguese what is missing or wrong, field by field, and sends nothing", async () => {
    const { user, dialog, submit, field } = await open();
    const required = () => within(dialog).queryAllByText("Nome de utilizador e password são obrigatórios");

    // empty name and password: each says both are required (the shared schema's words, as the server's)
    await user.click(submit);
    await waitFor(() => expect(required()).toHaveLength(2));

    // a (short) name without a password: only the password is missing
    await user.type(field("Nome de utilizador"), "ab");
    await user.click(submit);
    await waitFor(() => expect(required()).toHaveLength(1));
    expect(within(dialog).getByText("Username deve ter pelo menos 3 caracteres")).toBeTruthy();

    await user.type(field("Password"), "12345");
    await user.click(submit);
    await waitFor(() => expect(required()).toHaveLength(0));
    expect(within(dialog).getByText("Password deve ter pelo menos 6 caracteres")).toBeTruthy();

    await user.type(field("Email (opcional)"), "isto-não-é-email");
    await user.clear(field("Limite de monitores"));
    await user.type(field("Limite de monitores"), "101");
    await user.click(submit);
    expect(await within(dialog).findByText("Email inválido")).toBeTruthy();
    expect(within(dialog).getByText("Limite máximo é 100")).toBeTruthy();

    expect(network.writes()).toEqual([]);
    expect(screen.getByRole("dialog")).toBe(dialog);
  });

  it("creates the account with what was typed, closes and says so", async () => {
    network.use(
      http.post("/api/admin/users", async ({ request }) => {
        const body = (await request.json()) as { username: string };
        return HttpResponse.json({ id: 9, username: body.username, role: "user" }, { status: 201 });
      }),
    );
    const { user, submit, field } = await open();
    await user.type(field("Nome de utilizador"), "lia.limite");
    await user.type(field("Password"), "password-lim");
    await user.type(field("Nome completo (opcional)"), "Lia Limite");
    await user.type(field("Email (opcional)"), "lia@exemplo.pt");
    await user.clear(field("Limite de monitores"));
    await user.type(field("Limite de monitores"), "2");
    await user.click(submit);

    expect(await screen.findByText("Usuário criado com sucesso")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(network.writes()).toEqual([
      {
        method: "POST",
        path: "/api/admin/users",
        body: expect.objectContaining({
          username: "lia.limite",
          password: "password-lim",
          fullName: "Lia Limite",
          email: "lia@exemplo.pt",
          role: "user",
          monitorLimit: 2,
        }),
      },
    ]);
  });

  it("a name already taken: the server's words beside the name, the dialog stays open with what was typed", async () => {
    network.use(
      http.post("/api/admin/users", () =>
        HttpResponse.json({ message: "Nome de utilizador já existe" }, { status: 409 }),
      ),
    );
    const { user, dialog, submit, field } = await open();
    await user.type(field("Nome de utilizador"), "ana");
    await user.type(field("Password"), "password-ana");
    await user.click(submit);

    expect(await within(dialog).findByText("Nome de utilizador já existe")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBe(dialog);
    expect((field("Nome de utilizador") as HTMLInputElement).value).toBe("ana");
    expect(network.writes()).toHaveLength(1);
  });
});
