import { z } from "zod";

// Every generic validation message in European Portuguese (never "Required").
z.config(z.locales.pt());

export { z };
