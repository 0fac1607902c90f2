import { DollarSign, Euro, type LucideIcon, PoundSterling } from "lucide-react";

const ICONS: Record<string, LucideIcon> = { EUR: Euro, USD: DollarSign, GBP: PoundSterling };

/** the icon of the books currency beside a money figure (€, $ or £) */
export const currencyIcon = (currency: string): LucideIcon => ICONS[currency] ?? Euro;
