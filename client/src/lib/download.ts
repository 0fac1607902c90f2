import { CSV_MIME } from "@common/csv";
import { throwIfNotOk } from "./http";

/** hands a text file to the browser as a download */
export function downloadText(fileName: string, text: string, mime = CSV_MIME) {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** fetches a file the server writes (CSV exports) and hands it to the browser; returns its name */
export async function downloadFromServer(url: string, fallbackName: string): Promise<string> {
  const response = await fetch(url, { credentials: "include" });
  await throwIfNotOk(response);
  const disposition = response.headers.get("content-disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  downloadText(fileName, await response.text());
  return fileName;
}
