/**
 * Activity messages are stored as the server wrote them, in pt-PT, with names and sizes inside
 * ('Produto "Hoodie" adicionado à monitorização', "Em Stock · tamanhos: M, L"). In another language
 * the known shapes are read back into their parts and written with the catalogue; anything else goes
 * through the messages catalogue as it came.
 */
import { PRODUCT_STATUS_LABELS, type ProductStatus } from "@common/status";
import { i18n, translateMessage } from "./i18n";

const STATUS_BY_LABEL = new Map(
  Object.entries(PRODUCT_STATUS_LABELS).map(([status, label]) => [label, status as ProductStatus]),
);

const ADDED = /^Produto "(.*)" adicionado à monitorização$/s;
const REMOVED = /^Produto "(.*)" removido da monitorização$/s;
const FAILED = /^(.+?) \((.*)\)$/s;

/** one " · " part of a check's message: a status, "tamanhos: …", "via browser", "3 artigo(s)", "1 novo(s)" */
function checkPart(part: string): string {
  const status = STATUS_BY_LABEL.get(part);
  if (status) return i18n.t(`common:productStatus.${status}`);
  if (part.startsWith("tamanhos: ")) return i18n.t("common:activityMessage.sizes", { sizes: part.slice(10) });
  if (part === "via browser") return i18n.t("common:activityMessage.viaBrowser");
  const items = /^(\d+) artigo\(s\)$/.exec(part);
  if (items) return i18n.t("common:activityMessage.items", { count: Number(items[1]) });
  const fresh = /^(\d+) novo\(s\)$/.exec(part);
  if (fresh) return i18n.t("common:activityMessage.newItems", { count: Number(fresh[1]) });
  return translateMessage(part);
}

/** `message` (its title already taken off) in the language in force */
export function translateActivityMessage(action: string, message: string): string {
  if (i18n.language === "pt" || !message) return message;
  const added = ADDED.exec(message);
  if (added) return i18n.t("common:activityMessage.productAdded", { name: added[1] });
  const removed = REMOVED.exec(message);
  if (removed) return i18n.t("common:activityMessage.productRemoved", { name: removed[1] });
  if (action === "stock_check") return message.split(" · ").map(checkPart).join(" · ");
  if (action === "stock_check_failed") {
    const failed = FAILED.exec(message);
    if (failed) return `${translateMessage(failed[1])} (${translateMessage(failed[2])})`;
  }
  return translateMessage(message);
}
