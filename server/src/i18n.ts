/**
 * The server's own translations: what the server sends by itself — restock alerts on
 * every channel, the e-mails, the weekly report, the "Testar webhook" message — goes out in the
 * language of the user it is for. One i18next instance of its own (the client's is another), with
 * one catalogue per language in server/src/locales; pt-PT is the source, the product's own wording.
 * What the server answers to a request stays pt-PT: the client translates it by that text (the
 * `messages` catalogue, see docs/decisions.md).
 */
import type { UserSettings } from "@common/schemas/settings.js";
import i18next from "i18next";
import enAlerts from "./locales/en/alerts.json" with { type: "json" };
import esAlerts from "./locales/es/alerts.json" with { type: "json" };
import ptAlerts from "./locales/pt/alerts.json" with { type: "json" };
import { askPortugalPluralRules } from "@common/portugal-plurals.js";

export type Language = UserSettings["language"];
export const LANGUAGES: readonly Language[] = ["pt", "en", "es"];
/** the document's lang attribute (and Intl's locale) of each language */
export const LOCALE: Record<Language, string> = { pt: "pt-PT", en: "en-GB", es: "es-ES" };

export const serverResources = {
  pt: { alerts: ptAlerts },
  en: { alerts: enAlerts },
  es: { alerts: esAlerts },
} as const;

const i18n = i18next.createInstance();
void i18n.init({
  resources: serverResources,
  lng: "pt",
  fallbackLng: "pt",
  supportedLngs: LANGUAGES as Language[],
  defaultNS: "alerts",
  ns: ["alerts"],
  // every channel escapes what it sends itself (HTML, Slack mrkdwn); interpolation must not
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
askPortugalPluralRules(i18n);

/** a saved language, or pt-PT for anything else (a row queued before languages, a bad value) */
export function languageOf(value: unknown): Language {
  return LANGUAGES.includes(value as Language) ? (value as Language) : "pt";
}

/** "title.restock", "label.price"…: every text of the alerts catalogue (pt-PT is the source) */
type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type AlertKey = Leaves<typeof ptAlerts>;

/**
 * The alerts catalogue's `t` in one language. Typed by our own keys: i18next's own types describe
 * the client's catalogues (client/src/i18next.d.ts), not these.
 */
export type Translate = (key: AlertKey, options?: Record<string, unknown>) => string;

const fixed = new Map<Language, Translate>();

/** the alerts catalogue's `t` in `language` (pt-PT when absent or unknown) */
export function translator(language?: unknown): Translate {
  const lang = languageOf(language);
  let t = fixed.get(lang);
  if (!t) {
    const fixedT = i18n.getFixedT(lang, "alerts" as never);
    // a text without options is the same every time: i18next's lookup (~µs per key, a dozen keys
    // per alert) is done once per key and language
    const plain = new Map<AlertKey, string>();
    t = (key, options) => {
      if (options !== undefined) return String(fixedT(key as never, options as never));
      let text = plain.get(key);
      if (text === undefined) {
        text = String(fixedT(key as never));
        plain.set(key, text);
      }
      return text;
    };
    fixed.set(lang, t);
  }
  return t;
}
