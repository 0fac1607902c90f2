// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { renderScreen, screenServer } from "@/test/screen";
import { ExpenseDialog } from "./expense-dialog";

const network = screenServer();

function open() {
  network.use(http.get("/api/inventory", () => HttpResponse.json([])));
  const onOpenChange = vi.fn();
  const view = renderScreen(<ExpenseDialog open onOpenChange={onOpenChange} />, { path: "/expenses" });
  return { ...view, onOpenChange, dialog: () => screen.getByRole("dialog") };
}

describe("Nova Despesa", () => {
  it("refuses an empty amount in Portuguese and sends nothing", async () => {
    const { user, dialog } = open();
    await user.click(within(dialog()).getByRole("button", { name: "Guardar" }));
    expect(await within(dialog()).findByText("Valor obrigatório")).toBeTruthy();
    await user.type(within(dialog()).getByLabelText(/^Valor/), "2+");
    await user.click(within(dialog()).getByRole("button", { name: "Guardar" }));
    expect(await within(dialog()).findByText("Valor inválido")).toBeTruthy();
    expect(network.writes()).toEqual([]);
  });

  it("sends the sum typed, as cents, and closes", async () => {
    network.use(http.post("/api/expenses", () => HttpResponse.json({ id: 4 }, { status: 201 })));
    const { user, dialog, onOpenChange } = open();
    await user.type(within(dialog()).getByLabelText(/^Valor/), "2+1,5");
    await user.click(within(dialog()).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(network.writes()).toEqual([
      { method: "POST", path: "/api/expenses", body: expect.objectContaining({ amount: "3.50" }) },
    ]);
    expect(await screen.findByText("Despesa registada")).toBeTruthy();
  });

  it("a refusal: the server's words under the field and in the toast's description, the dialog stays", async () => {
    network.use(
      http.post("/api/expenses", () =>
        HttpResponse.json(
          { message: "Valor demasiado alto", errors: [{ path: "amount", message: "Valor demasiado alto" }] },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog, onOpenChange } = open();
    await user.type(within(dialog()).getByLabelText(/^Valor/), "12");
    await user.click(within(dialog()).getByRole("button", { name: "Guardar" }));
    const toast = (await screen.findByText("Não foi possível guardar a despesa")).closest("li");
    expect(toast?.textContent).toContain("Valor demasiado alto");
    expect(within(dialog()).getByText("Valor demasiado alto")).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it("without a connection the toast says so in Portuguese", async () => {
    network.use(http.post("/api/expenses", () => HttpResponse.error()));
    const { user, dialog } = open();
    await user.type(within(dialog()).getByLabelText(/^Valor/), "12");
    await user.click(within(dialog()).getByRole("button", { name: "Guardar" }));
    const toast = (await screen.findByText("Não foi possível guardar a despesa")).closest("li");
    expect(toast?.textContent).toContain("Sem ligação ao servidor");
  });
});
