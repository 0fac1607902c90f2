/**
 * A monitor's rules, edited in the modal with real controls and checked by this one
 * schema on both sides. A search monitor uses the words, sizes, brands, conditions and price range;
 * a product monitor the price target, the drop in % and "only my sizes". Every list is short and
 * every word bounded: a rule set is read on every check.
 */
import { parseMoney, toCents } from "../money.js";
import { z } from "../zod-pt.js";

export const MAX_RULE_WORDS = 50;
export const MAX_RULE_WORD_LENGTH = 100;

const word = z
  .string({ error: "Palavra inválida" })
  .trim()
  .min(1, "Palavra vazia")
  .max(MAX_RULE_WORD_LENGTH, `Palavra demasiado longa (máximo ${MAX_RULE_WORD_LENGTH} caracteres)`);

const wordList = z
  .array(word, { error: "Lista de palavras inválida" })
  .max(MAX_RULE_WORDS, `Demasiadas palavras (máximo ${MAX_RULE_WORDS})`)
  .optional()
  .default([])
  // the same word twice says nothing more
  .transform((list) => [...new Map(list.map((w) => [w.toLocaleLowerCase("pt-PT"), w])).values()]);

const amount = z
  .union([z.string().max(40, "Preço inválido"), z.number()], { error: "Preço inválido" })
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return null;
    const money = parseMoney(v);
    if (money === null || money.startsWith("-") || money.length > 12) {
      ctx.addIssue({ code: "custom", message: "Preço inválido" });
      return z.NEVER;
    }
    return money;
  });

export const monitorRulesSchema = z
  .object({
    /** every one of these words must be in the title (search) */
    allWords: wordList,
    /** at least one of these (search; none = no such rule) */
    anyWords: wordList,
    /** none of these: an excluded word wins over every other rule */
    excludeWords: wordList,
    /** the item's size must be one of these (search) */
    sizes: wordList,
    brands: wordList,
    /** Vinted's condition text ("Novo com etiquetas", "Muito bom") */
    conditions: wordList,
    /** decimal text in the search's currency */
    minPrice: amount,
    maxPrice: amount,
    /** Vinted: the max price is the total the buyer pays (item + buyer protection + shipping stated) */
    maxIsTotal: z.boolean({ error: "Valor inválido" }).optional().default(false),
    /** product monitors: alert when the price falls to or below this */
    targetPrice: amount,
    /** product monitors: alert when the price falls at least this % below the last alerted one */
    dropPercent: z
      .number({ error: "Percentagem inválida" })
      .int("Percentagem deve ser um número inteiro")
      .min(1, "Percentagem mínima é 1 %")
      .max(90, "Percentagem máxima é 90 %")
      .nullable()
      .optional()
      .default(null),
    /** product monitors: stock alerts only for these sizes (the others are still shown) */
    mySizes: wordList,
  })
  .superRefine((r, ctx) => {
    if (r.minPrice !== null && r.maxPrice !== null && toCents(r.maxPrice) < toCents(r.minPrice)) {
      ctx.addIssue({
        code: "custom",
        path: ["maxPrice"],
        message: "O preço máximo não pode ser inferior ao mínimo",
      });
    }
  });

export type MonitorRules = z.output<typeof monitorRulesSchema>;
export type MonitorRulesInput = z.input<typeof monitorRulesSchema>;

export const NO_RULES: MonitorRules = monitorRulesSchema.parse({});

/** a stored rule set (jsonb, or text from PGlite) as the schema reads it; a bad one is no rules */
export function readRules(value: unknown): MonitorRules {
  let raw = value;
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch {
      return NO_RULES;
    }
  }
  if (!raw || typeof raw !== "object") return NO_RULES;
  const parsed = monitorRulesSchema.safeParse(raw);
  return parsed.success ? parsed.data : NO_RULES;
}

/** true when the rule set says nothing (stored as null) */
export function rulesAreEmpty(r: MonitorRules): boolean {
  return (
    r.allWords.length === 0 &&
    r.anyWords.length === 0 &&
    r.excludeWords.length === 0 &&
    r.sizes.length === 0 &&
    r.brands.length === 0 &&
    r.conditions.length === 0 &&
    r.minPrice === null &&
    r.maxPrice === null &&
    !r.maxIsTotal &&
    r.targetPrice === null &&
    r.dropPercent === null &&
    r.mySizes.length === 0
  );
}
