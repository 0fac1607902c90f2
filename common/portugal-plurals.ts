import type { i18n as I18n } from "i18next";

interface PluralResolver {
  getRule(code: string, options?: { ordinal?: boolean }): Intl.PluralRules | undefined;
}

/**
 * Our "pt" is European Portuguese, but Intl's plural rules for plain "pt" are Brazil's, where 0 (and
 * 1,5) take the singular: "0 venda", "0 linha válida". In pt-PT only 1 does. i18next asks Intl by
 * the language code, so its "pt" is asked as "pt-PT" (client and server both call this after init).
 */
export function askPortugalPluralRules(i18n: I18n): void {
  const resolver = i18n.services.pluralResolver as PluralResolver;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(code === "pt" ? "pt-PT" : code, options);
}
