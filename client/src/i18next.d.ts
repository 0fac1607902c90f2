import "i18next";
import type { pt } from "./locales/resources";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: typeof pt;
  }
}
