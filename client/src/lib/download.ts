import { CSV_MIME } from "@common/csv";

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
