import { setMaxListeners } from "node:events";
import type { CheckDetail } from "@common/schemas/check-detail.js";
import { readRules } from "@common/schemas/monitor-rules.js";
import type { ProductPreview } from "@common/schemas/products.js";
import type { TelegramChats } from "@common/schemas/telegram.js";
import type { WebhookTestResult } from "@common/schemas/webhooks.js";
import type { Config } from "../config.js";
import type { Resolver } from "../net/address-guard.js";
import type { Language } from "../i18n.js";
import { buildCheckDetail, newCheckLog } from "./check-detail.js";
import { checkLogOf, createCheckRunner, runAdapter } from "./check-runner.js";
import { FAILURE_LABELS } from "./detect.js";
import { EngineHttp } from "./fetch/http-client.js";
import { Transport } from "./fetch/transport.js";
import { postToWebhook } from "./notify/deliver.js";
import { findTelegramChats } from "./notify/telegram-setup.js";
import { describeTestAnswer, describeTestFailure, testMessageRequest } from "./notify/test-message.js";
import { getPlatform } from "./platforms/index.js";
import { CheckFailure, RefusedAddress } from "./platforms/types.js";

/** why an on-demand fetch could not give an answer the page can show: the route's 400 or 422 */
export class OnDemandRefusal extends Error {
  constructor(
    readonly status: 400 | 422,
    message: string,
    /** the refused address's own words, for the field */
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** a monitor's picture for "Comprei": larger than any product photo a retailer serves */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** the picture's total deadline (the preview's own when that is shorter) */
const IMAGE_TIMEOUT_MS = 8_000;
const IMAGE_HEADERS = Object.freeze({
  accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8",
  "sec-fetch-dest": "image",
  "sec-fetch-mode": "no-cors",
}) as Record<string, string>;

/** a product as "Testar agora" checks it */
export interface ProductToTest {
  platform: string;
  url: string;
  productId: string;
  config: string | null;
  variants: string | null;
  rules: unknown;
}

const configObject = (text: string | null | undefined): Record<string, unknown> => {
  try {
    const value = text ? JSON.parse(text) : {};
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
};

/**
 * The engine's work a person asks for and waits on, in the web process (wherever the scheduler
 * runs): the product modal's preview, "Testar agora" and "Testar webhook". One HTTP client, one
 * webhook transport and one shutdown signal for all three; `close()` ends what is under way (a
 * slow retailer or a webhook that hangs ends as a timeout) and frees the sockets.
 */
export class OnDemandWork {
  private readonly previewHttp: EngineHttp;
  private readonly checkHttp: EngineHttp;
  private readonly webhooks: Transport;
  private readonly closing = new AbortController();
  private readonly runCheck: ReturnType<typeof createCheckRunner>;

  constructor(
    private readonly config: Pick<
      Config,
      | "monitorRedirect"
      | "monitorProxies"
      | "previewTimeoutMs"
      | "checkTimeoutMs"
      | "webhookTimeoutMs"
      | "allowPrivateWebhooks"
    >,
    /** the system's DNS unless told */
    resolve?: Resolver,
  ) {
    this.previewHttp = new EngineHttp({
      redirects: config.monitorRedirect,
      proxies: config.monitorProxies,
      defaultTimeoutMs: config.previewTimeoutMs,
      resolve,
    });
    this.checkHttp = new EngineHttp({
      redirects: config.monitorRedirect,
      proxies: config.monitorProxies,
      defaultTimeoutMs: config.checkTimeoutMs,
      resolve,
    });
    this.runCheck = createCheckRunner(this.checkHttp);
    this.webhooks = new Transport({
      redirects: config.monitorRedirect,
      allowPrivate: config.allowPrivateWebhooks,
    });
    setMaxListeners(0, this.closing.signal); // one listener per preview or test under way
  }

  /** the pasted page read once so the modal fills itself; the URL is already on the platform's hosts */
  async preview(input: { platform: string; url: string; config?: string | null }): Promise<ProductPreview> {
    const platformModule = getPlatform(input.platform);
    if (!platformModule) throw new OnDemandRefusal(400, "Plataforma inválida");
    // the URL is on the platform's hosts (previewRequestSchema), so this is the id the product form reads
    const productId = platformModule.idFromUrl(input.url);
    const result = await runAdapter(
      this.previewHttp,
      platformModule,
      input.platform,
      { url: input.url, productId: productId ?? "", config: configObject(input.config), variants: [] },
      {
        deadline: Date.now() + this.config.previewTimeoutMs,
        signal: this.closing.signal,
        reportBlocks: false,
      },
    );
    if (result instanceof CheckFailure) {
      // the guard's own reason: a name that does not resolve (no network, a typo) is not a private address
      if (result instanceof RefusedAddress) throw new OnDemandRefusal(400, result.why, result.why);
      throw new OnDemandRefusal(
        422,
        `Não foi possível ler a página (${FAILURE_LABELS[result.reason]}): ${result.message}`,
      );
    }
    return {
      name: result.name ?? null,
      productId,
      imageUrl: result.imageUrl ?? null,
      price: result.kind === "product" ? result.price : null,
      currency: result.kind === "product" ? (result.currency ?? null) : null,
      sizes: result.kind === "product" ? (result.allSizes?.map((s) => s.name) ?? result.sizes) : [],
      status: result.status,
      reader: result.source ?? null,
    };
  }

  /**
   * "Comprei": the monitor's picture, fetched once for the new item's photo through the preview's
   * client (address guard on every hop, the host's budget, browser headers), within a total
   * deadline and a size cap; null when it cannot be had (the dialog goes on without a photo)
   */
  async image(url: string): Promise<Buffer | null> {
    if (!/^https?:\/\//i.test(url)) return null;
    try {
      const res = await this.previewHttp.request(
        {
          url,
          profile: "page",
          headers: IMAGE_HEADERS,
          timeoutMs: Math.min(this.config.previewTimeoutMs, IMAGE_TIMEOUT_MS),
          binary: true,
          maxBytes: MAX_IMAGE_BYTES,
        },
        {
          signal: this.closing.signal,
          deadline: Date.now() + Math.min(this.config.previewTimeoutMs, IMAGE_TIMEOUT_MS),
        },
      );
      const type = res.headers["content-type"] ?? "";
      if (res.status < 200 || res.status >= 300 || !res.bytes?.length) return null;
      // a page or a JSON error where the picture was: not an image (sharp would say so too)
      if (/^(text|application)\//i.test(type) && !/octet-stream/i.test(type)) return null;
      return res.bytes;
    } catch {
      return null;
    }
  }

  /** "Testar agora": one check through the check runner, told as its detail; nothing is stored here */
  async testProduct(product: ProductToTest): Promise<CheckDetail> {
    const outcome = await this.runCheck(
      {
        platform: product.platform,
        url: product.url,
        productCode: product.productId,
        config: product.config,
        variants: product.variants,
      },
      { deadline: Date.now() + this.config.checkTimeoutMs },
    );
    const log = checkLogOf(outcome) ?? newCheckLog();
    return buildCheckDetail(outcome, log, "test", Date.now(), readRules(product.rules));
  }

  /**
   * "Testar webhook": the kind's test message posted the way alerts are (total deadline, address
   * guard), told in `language`; a refused address is an OnDemandRefusal (400)
   */
  async testWebhook(url: string, language: Language): Promise<WebhookTestResult> {
    const timeoutMs = this.config.webhookTimeoutMs;
    try {
      const res = await postToWebhook(
        this.webhooks,
        testMessageRequest(url, new Date(), language),
        timeoutMs,
        this.closing.signal,
      );
      return describeTestAnswer(res, language);
    } catch (error) {
      const failure = error instanceof CheckFailure ? error : new CheckFailure("network", String(error));
      if (failure instanceof RefusedAddress) {
        throw new OnDemandRefusal(400, `Webhook: ${failure.message}`, failure.message);
      }
      return describeTestFailure(failure, timeoutMs, language);
    }
  }

  /** the Telegram setup helper: the bot's conversations, found with its token (telegram-setup.ts) */
  async telegramChats(token: string): Promise<TelegramChats> {
    try {
      return await findTelegramChats(this.webhooks, token, this.config.webhookTimeoutMs, this.closing.signal);
    } catch (error) {
      if (error instanceof RefusedAddress)
        throw new OnDemandRefusal(400, `Telegram: ${error.message}`, error.message);
      throw error;
    }
  }

  /** closing the server does not wait on a slow retailer or a hanging webhook */
  abort(): void {
    this.closing.abort();
  }

  async close(): Promise<void> {
    await Promise.all([this.previewHttp.destroy(), this.checkHttp.close(), this.webhooks.destroy()]);
  }
}
