/**
 * Every language's catalogues together, for the tests and the types. The app itself bundles pt-PT
 * only and loads en and es on demand (lib/i18n.ts); en and es must hold the same keys as pt
 * (locales/catalogues.test.ts).
 */
import { en } from "./en";
import { es } from "./es";
import { type Catalogue, pt } from "./pt";

export { pt };
export type { Catalogue };

export const resources: Record<"pt" | "en" | "es", Catalogue> = { pt, en, es };
