/**
 * The interface's language (i18next with react-i18next; see docs/decisions.md). Logged in, the
 * language is the user's setting (Settings → Utilizador), applied at once without a reload; on the
 * login screen it is the browser's first language we have, else pt-PT.
 * pt-PT ships in the app's first script; en and es are chunks of their own, fetched the first time
 * `changeLanguage` asks for them (a reader of one language never downloads the other two).
 */
import type { UserSettings } from "@common/schemas/settings";
import i18n, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Catalogue } from "@/locales/pt";
import { pt } from "@/locales/pt";
import { askPortugalPluralRules } from "@common/portugal-plurals.js";

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

const loaders: Record<Exclude<Language, "pt">, () => Promise<Catalogue>> = {
  en: () => import("@/locales/en").then((m) => m.en),
  es: () => import("@/locales/es").then((m) => m.es),
};

/** i18next asks this for a (language, namespace) it does not hold yet: only en and es */
const lazyCatalogues: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = loaders[language as keyof typeof loaders];
    if (!load) return callback(new Error(`no catalogue for ${language}`), false);
    load().then(
      (catalogue) => callback(null, catalogue[namespace as keyof Catalogue]),
      (error: Error) => callback(error, false),
    );
  },
};

// starts in pt-PT, bundled; main.tsx switches to the browser's language before the first paint
i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    resources: { pt },
    partialBundledLanguages: true,
    lng: "pt",
    fallbackLng: "pt",
    supportedLngs: LANGUAGES as Language[],
    defaultNS: "common",
    ns: Object.keys(pt),
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    initAsync: false,
  });
askPortugalPluralRules(i18n);

/**
 * switches every mounted screen to `language` (no reload) and tells the document; resolves once
 * its catalogue is in (the first switch to en or es fetches it)
 */
export async function applyLanguage(language: Language): Promise<void> {
  if (typeof document !== "undefined") document.documentElement.lang = HTML_LANG[language];
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

const MESSAGES = { ns: "messages", keySeparator: false, nsSeparator: false } as const;

/** a known text, then a name in brackets that stays as it is ("bloqueado (Cloudflare)") */
const WITH_NAME = /^(.+) \(([^()]+)\)$/;

/**
 * A text that reached the screen in pt-PT from the shared schemas or the server (a validation or
 * error message) in the user's language: the `messages` catalogue is keyed by the pt-PT wording;
 * a known text followed by a name in brackets (the wall that blocked a check) keeps the name; a
 * message it lacks shows as it came.
 */
export function translateMessage(text: string): string {
  if (!text || i18n.language === "pt") return text;
  if (i18n.exists(text, MESSAGES)) return i18n.t(text as never, MESSAGES);
  const named = WITH_NAME.exec(text);
  if (named && i18n.exists(named[1], MESSAGES)) return `${i18n.t(named[1] as never, MESSAGES)} (${named[2]})`;
  return text;
}

export { i18n };
