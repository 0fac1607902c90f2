/** Nude Project runs on Shopify (docs/platforms.md): the generic Shopify adapter serves it. */
import { checkShopify } from "./support/shopify";
import { platformModule } from "./support/platform-module";

export const nudeproject = platformModule("nudeproject", { headerProfile: "api", check: checkShopify });
