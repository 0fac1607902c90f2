// @vitest-environment jsdom
import type { ItemDraft } from "@common/schemas/inventory";
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { renderScreen, screenServer } from "@/test/screen";
import { AddItemDialog } from "./add-item-dialog";

const network = screenServer();

const DRAFT: ItemDraft = {
  name: "Casaco comprido de lã",
  price: "11.99",
  size: "M",
  purchaseLocation: "Zara",
  notes: "https://www.zara.com/us/en/casaco-p02015602.html",
  sourceProductId: 7,
  purchaseCurrency: "USD",
  purchaseAmount: "12.99",
  purchaseRate: "0.923400",
  purchaseRateOn: "2026-11-10",
};

/** the dialog from a draft («Comprei»), or empty (Novo Item) without one */
function open(draft?: ItemDraft) {
  network.use(http.post("/api/inventory", () => HttpResponse.json({ id: 9 }, { status: 201 })));
  const onOpenChange = vi.fn();
  const view = renderScreen(<AddItemDialog open onOpenChange={onOpenChange} draft={draft} />, {
    path: "/inventory",
  });
  const dialog = () => screen.getByRole("dialog");
  const field = (label: string | RegExp) => within(dialog()).getByLabelText(label) as HTMLInputElement;
  const submit = () => view.user.click(within(dialog()).getByRole("button", { name: "Adicionar Item" }));
  return { ...view, onOpenChange, dialog, field, submit };
}

describe("«Comprei» from a monitor priced in another currency", () => {
  it("opens with the shop's currency, its price as the amount paid and the user's last rate, and sends them", async () => {
    const { user, dialog, onOpenChange } = open(DRAFT);
    expect((within(dialog()).getByLabelText(/^Valor pago/) as HTMLInputElement).value).toBe("12,99");
    expect((within(dialog()).getByLabelText(/^Taxa/) as HTMLInputElement).value).toBe("0,9234");
    expect(within(dialog()).getByText("A sua última taxa (10/11/2026); corrija se mudou")).toBeTruthy();
    await user.click(within(dialog()).getByRole("button", { name: "Adicionar Item" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(network.writes()).toEqual([
      {
        method: "POST",
        path: "/api/inventory",
        body: expect.objectContaining({
          name: "Casaco comprido de lã",
          price: "11.99",
          purchaseCurrency: "USD",
          purchaseAmount: "12.99",
          purchaseRate: "0.923400",
          sourceProductId: 7,
        }),
      },
    ]);
  });

  it("without a rate yet, sends nothing until one is typed, then the price it makes", async () => {
    const { user, dialog, onOpenChange } = open({
      ...DRAFT,
      price: null,
      purchaseRate: null,
      purchaseRateOn: null,
    });
    const rate = within(dialog()).getByLabelText(/^Taxa/) as HTMLInputElement;
    expect(rate.value).toBe("");
    expect(within(dialog()).queryByText(/A sua última taxa/)).toBeNull();
    await user.click(within(dialog()).getByRole("button", { name: "Adicionar Item" }));
    expect(network.writes()).toEqual([]);
    await user.type(rate, "0,5");
    await user.click(within(dialog()).getByRole("button", { name: "Adicionar Item" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(network.writes()[0].body).toMatchObject({
      price: "6.50",
      purchaseCurrency: "USD",
      purchaseAmount: "12.99",
      purchaseRate: "0.500000",
    });
  });
});

describe("Novo Item, typed by hand", () => {
  it("an empty item: the name and the price are asked for in Portuguese, and nothing is sent", async () => {
    const { dialog, submit, onOpenChange } = open();
    await submit();
    expect(await within(dialog()).findByText("Nome obrigatório")).toBeTruthy();
    expect(within(dialog()).getByText("Preço obrigatório")).toBeTruthy();
    expect(network.writes()).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("a lot of 0 units is refused; of 3, it is sent with its price and shipping per unit", async () => {
    const { user, dialog, field, submit, onOpenChange } = open();
    await user.type(field("Nome"), "Lote Nike Dunk Low");
    await user.type(field("Preço de compra (€)"), "40");
    await user.type(field("Portes (€)"), "1,5");
    await user.clear(field("Quantidade"));
    await user.type(field("Quantidade"), "0");
    await submit();
    expect(await within(dialog()).findByText("A quantidade mínima é 1")).toBeTruthy();
    expect(network.writes()).toEqual([]);

    await user.clear(field("Quantidade"));
    await user.type(field("Quantidade"), "3");
    await submit();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(network.writes()).toEqual([
      {
        method: "POST",
        path: "/api/inventory",
        body: expect.objectContaining({
          name: "Lote Nike Dunk Low",
          price: "40.00",
          shippingPrice: "1.50",
          quantity: 3,
        }),
      },
    ]);
  });
});
