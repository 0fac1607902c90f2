import { badRequest } from "../http-error.js";
import { assertPublicUrl, checkUrlShape, UnsafeUrlError } from "../net/address-guard.js";

/**
 * The rules a webhook address passes wherever one is typed (a product, the user's and the global
 * default, "Testar webhook"): the server posts to it, so it must be https and resolve only to
 * public addresses (SSRF). `allowPrivate` is the test/demo escape hatch (ALLOW_PRIVATE_WEBHOOKS).
 */
export async function assertSafeWebhook(
  url: string,
  allowPrivate: boolean,
  /** the body field the error names */
  field = "webhookUrl",
): Promise<void> {
  try {
    if (allowPrivate) checkUrlShapeLoosely(url);
    else await assertPublicUrl(url, { httpsOnly: true });
  } catch (error) {
    if (error instanceof UnsafeUrlError) {
      throw badRequest(`Webhook: ${error.message}`, [{ path: field, message: error.message }]);
    }
    throw error;
  }
}

/**
 * The same rules without the DNS look-up, for a caller whose request goes through the transport's
 * guard anyway (it resolves, refuses private answers and connects to the address it checked).
 */
export function assertWebhookShape(url: string, allowPrivate: boolean, field = "webhookUrl"): void {
  try {
    if (allowPrivate) checkUrlShapeLoosely(url);
    else checkUrlShape(url, { httpsOnly: true });
  } catch (error) {
    if (error instanceof UnsafeUrlError) {
      throw badRequest(`Webhook: ${error.message}`, [{ path: field, message: error.message }]);
    }
    throw error;
  }
}

/** http or https, nothing more (ALLOW_PRIVATE_WEBHOOKS) */
export function checkUrlShapeLoosely(raw: string) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError("URL inválido");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new UnsafeUrlError("O URL tem de ser http ou https");
  }
}
