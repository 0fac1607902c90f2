import type { BooksImportAnswer, BooksImportKind, BooksImportRequest } from "@common/schemas/books-import";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateBooks } from "./books-queries";
import { apiRequest } from "./http";

const BASE: Record<BooksImportKind, string> = { inventory: "/api/inventory", sales: "/api/sales" };

/**
 * "Importar CSV" (Inventário, Vendas): the preview says what each row would become, the commit
 * writes the valid rows; after a commit the books and their statistics are read again
 */
export function useBooksImport(kind: BooksImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commit, ...request }: BooksImportRequest & { commit: boolean }) =>
      apiRequest<BooksImportAnswer>("POST", `${BASE[kind]}/import${commit ? "" : "/preview"}`, request),
    onSuccess: (answer) => {
      if (answer.imported > 0) void invalidateBooks(queryClient);
    },
  });
}

/**
 * A file's text: UTF-8 (with or without its byte-order mark), or, when it is not valid UTF-8, the
 * Windows code page that Excel in Portugal saves "CSV (separado por vírgulas)" in
 */
export async function readCsvFile(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
