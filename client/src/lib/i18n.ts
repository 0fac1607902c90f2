/**
 * The interface's language (i18next with react-i18next; see docs/decisions.md). Logged in, the
 * language is the user's setting (Settings → Utilizador), applied at once without a reload; on the
 * login screen it is the browser's first language we have, else pt-PT.
 */
import type { UserSettings } from "@common/schemas/settings";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { resources } from "@/locales/resources";

export type Language = UserSettings["language"];
export const LANGUAGES: readonly Language[] = ["pt", "en", "es"];
/** the document's lang attribute and Intl's region for each language */
export const HTML_LANG: Record<Language, string> = { pt: "pt-PT", en: "en-GB", es: "es-ES" };

/** the first of the browser's languages we speak: "en-US" → en, "es-419" → es; pt otherwise */
export function browserLanguage(
  preferred: readonly string[] = globalThis.navigator?.languages ?? [],
): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0] as Language;
    if (LANGUAGES.includes(base)) return base;
  }
  return "pt";
}

i18n.use(initReactI18next).init({
  resources,
  lng: browserLanguage(),
  fallbackLng: "pt",
  supportedLngs: LANGUAGES as Language[],
  defaultNS: "common",
  ns: Object.keys(resources.pt),
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
});

/** switches every mounted screen to `language` (no reload) and tells the document */
export function applyLanguage(language: Language) {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  if (typeof document !== "undefined") document.documentElement.lang = HTML_LANG[language];
}

/**
 * A text that reached the screen in pt-PT from the shared schemas or the server (a validation or
 * error message) in the user's language: the `messages` catalogue is keyed by the pt-PT wording;
 * a message it lacks shows as it came.
 */
export function translateMessage(text: string): string {
  if (!text || i18n.language === "pt") return text;
  return i18n.t(text as never, {
    ns: "messages",
    keySeparator: false,
    nsSeparator: false,
    defaultValue: text,
  });
}

export { i18n };
