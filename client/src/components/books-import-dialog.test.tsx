// @vitest-environment jsdom
import type { BooksImportAnswer, ImportValues } from "@common/schemas/books-import";
import { screen, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { i18n, translateMessage } from "@/lib/i18n";
import { readable, renderScreen, screenServer } from "@/test/screen";
import { BooksImportDialog } from "./books-import-dialog";

const network = screenServer();

const values = (name: string, saleCurrency: string | null): ImportValues => ({
  name,
  price: null,
  shippingPrice: "0.00",
  purchaseDate: null,
  purchaseLocation: null,
  sku: null,
  size: null,
  status: "sold",
  notes: null,
  salePrice: "50.00",
  saleDate: "2026-03-20",
  platform: "Vinted",
  fees: "0.00",
  buyer: null,
  quantity: 1,
  purchaseCurrency: null,
  purchaseAmount: null,
  purchaseRate: null,
  saleCurrency,
});

const CURRENCY_ERROR = "Moeda inválida (use EUR, USD, GBP)";

/** the server's preview of a sales file with a Moeda column: one sale in US$, one unknown currency */
const preview: BooksImportAnswer = {
  kind: "sales",
  committed: false,
  imported: 0,
  delimiter: ";",
  columns: ["Item", "Preço de venda", "Data da venda", "Plataforma", "Moeda"],
  mapping: {
    itemName: "Item",
    salePrice: "Preço de venda",
    saleDate: "Data da venda",
    platform: "Plataforma",
    saleCurrency: "Moeda",
  },
  counts: { valid: 1, invalid: 1, duplicate: 0, overLimit: 0 },
  rows: [
    { line: 2, outcome: "valid", label: "Gorro", errors: [], values: values("Gorro", "USD"), itemId: null },
    {
      line: 3,
      outcome: "invalid",
      label: "Ienes",
      errors: [{ path: "saleCurrency", message: CURRENCY_ERROR }],
      values: null,
      itemId: null,
    },
  ],
};

describe("Importar vendas (CSV)", () => {
  it("reads the Moeda column as the sale's currency: the row's price in it, another currency the row's error", async () => {
    network.use(http.post("/api/sales/import/preview", () => HttpResponse.json(preview)));
    const { user } = renderScreen(<BooksImportDialog kind="sales" open onOpenChange={() => {}} />, {
      path: "/sales",
    });
    const file = new File(["Item;Preço de venda;Data da venda;Plataforma;Moeda\n"], "vendas.csv", {
      type: "text/csv",
    });
    await user.upload(screen.getByLabelText("Escolher ficheiro"), file);
    // the rows not imported first: the one in yen, with its error
    const [ienes] = await screen.findAllByTestId("import-row");
    expect(within(ienes).getByText("Ienes")).toBeTruthy();
    expect(ienes.textContent).toContain(CURRENCY_ERROR);
    await user.click(screen.getByRole("button", { name: "Todas (2)" }));
    const gorro = screen.getAllByTestId("import-row").find((r) => within(r).queryByText("Gorro"));
    expect(readable(gorro?.textContent ?? "")).toContain("50,00 US$");
    // the column it was read from, under the field's own name
    await user.click(screen.getByRole("button", { name: /Colunas/ }));
    expect(screen.getByLabelText("Moeda da venda")).toBeTruthy();
  });

  it("the row's error reads in English and Spanish too", async () => {
    await i18n.changeLanguage("en");
    expect(translateMessage(CURRENCY_ERROR)).toBe("Invalid currency (use EUR, USD, GBP)");
    await i18n.changeLanguage("es");
    expect(translateMessage(CURRENCY_ERROR)).toBe("Moneda no válida (use EUR, USD, GBP)");
    await i18n.changeLanguage("pt");
  });
});
