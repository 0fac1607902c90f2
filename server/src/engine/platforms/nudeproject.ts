/**
 * Nude Project runs on Shopify (docs/platforms.md): the generic Shopify adapter serves it. Its store is
 * nude-project.com (the host of every URL in its own catalogue); nudeproject.com is kept for the URLs
 * saved before.
 */
import { searchTargetOf } from "@common/search-url";
import { checkShopify } from "./support/shopify";
import { checkShopifySearch } from "./support/shopify-search";
import { definePlatform } from "./support/define-platform";
import { idInPath } from "@common/platforms";

export const nudeproject = definePlatform({
  key: "nudeproject",
  order: 11,
  label: "Nude Project",
  sampleUrl: "https://nude-project.com/products/classic-swimshort-green",
  defaultInterval: 20_000,
  hosts: ["nude-project.com", "nudeproject.com"],
  idRules: [idInPath(/\/products\/([^/]+?)(?:\.js|\.json)?\/?$/)],
  search: "shopify",
  texts: {
    pt: {
      description: "Loja Shopify da Nude Project: tamanhos e links de carrinho",
      configHelp: "Sem configuração adicional.",
    },
    en: {
      description: "Nude Project's Shopify store: sizes and cart links",
      configHelp: "No extra configuration.",
    },
    es: {
      description: "Tienda Shopify de Nude Project: tallas y enlaces de carrito",
      configHelp: "Sin configuración adicional.",
    },
  },
  headerProfile: "api",
  // a collection or the store's root is a search (support/shopify-search.ts), else a product
  check: (ctx) => (searchTargetOf("shopify", ctx.product.url) ? checkShopifySearch(ctx) : checkShopify(ctx)),
});
