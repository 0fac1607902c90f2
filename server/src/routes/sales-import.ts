import { booksImportRoutes } from "./inventory-import.js";

/** "Importar CSV" on Vendas: POST /api/sales/import/preview and /api/sales/import */
export const salesImportRoutes = booksImportRoutes("sales", "/api/sales");
