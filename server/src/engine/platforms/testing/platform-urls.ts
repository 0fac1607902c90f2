import type { PlatformKey } from "@common/platforms";

/** real URL forms of each platform (docs/platforms research), with the id each must yield */
export const REAL_URLS: [PlatformKey, string, string][] = [
  [
    "zara",
    "https://www.zara.com/pt/pt/vestido-stretch-caicai-p06050324.html?v1=517756017&v2=2723387",
    "517756017",
  ],
  ["zara", "https://www.zara.com/pt/pt/casaco-p12345678.html", "12345678"],
  ["zara", "https://www.zara.com/pt/pt/casaco-p12345678.html?v1=abc", "12345678"],
  ["hm", "https://www2.hm.com/pt_pt/productpage.1234567001.html", "1234567001"],
  [
    "aliexpress",
    "https://pt.aliexpress.com/item/1005006543210.html?sku_id=12000036912345678&pdp_npi=4",
    "1005006543210",
  ],
  ["aliexpress", "https://www.aliexpress.us/item/3256805123456789.html", "3256805123456789"],
  ["aliexpress", "https://m.aliexpress.com/item/1005006543210.html", "1005006543210"],
  ["vinted", "https://www.vinted.pt/member/12345678-utilizador", "12345678"],
  ["vinted", "https://www.vinted.fr/member/987", "987"],
  [
    "worten",
    "https://www.worten.pt/produtos/iphone-15-pro-max-apple-6-7-256-gb-titanio-branco-7851167",
    "7851167",
  ],
  ["worten", "https://www.worten.pt/gaming/playstation/consolas/ps5/consola-ps5-825gb-7196053", "7196053"],
  ["worten", "https://www.worten.pt/produtos/coluna-bluetooth-mrkean-6939554948749", "6939554948749"],
  [
    "fnac",
    "https://www.fnac.pt/Consola-Sony-PlayStation-5-Edicao-Standard-Consola-Consola/a8081172",
    "8081172",
  ],
  ["fnac", "https://www.fnac.pt/Consola-PlayStation-5-Slim/a12345678/w-4", "12345678"],
  ["fnac", "https://www.fnac.pt/mp12345678/consola-recondicionada", "12345678"],
  [
    "levis",
    "https://www.levi.com/PT/pt_PT/vestuario/homem/jeans/501-original-jeans/p/005010114",
    "005010114",
  ],
  ["levis", "https://www.levi.com/GB/en_GB/clothing/men/jeans/501-original-jeans/p/005010194", "005010194"],
  ["nudeproject", "https://nudeproject.com/products/rebel-hoodie-black", "rebel-hoodie-black"],
  // the store's own host, as its products.json names every product (__fixtures__/real/nudeproject)
  ["nudeproject", "https://nude-project.com/products/classic-swimshort-green", "classic-swimshort-green"],
  ["nudeproject", "https://www.nude-project.com/collections/swimwear/products/gift-card-1", "gift-card-1"],
  [
    "nudeproject",
    "https://nudeproject.com/pt/collections/hoodies/products/rebel-hoodie-black?variant=41000000000001",
    "rebel-hoodie-black",
  ],
  ["popmart", "https://www.popmart.com/pt/products/1991/THE-MONSTERS-Big-into-Energy-Series", "1991"],
  ["popmart", "https://www.popmart.com/en-PH/products/THE-MONSTERS-Big-into-Energy/1991", "1991"],
  ["popmart", "https://www.popmart.com/pt/pop-now/box-set/the-monsters/245", "245"],
  [
    "calzedonia",
    "https://www.calzedonia.com/pt/product/leggings_active-MIP031.html?dwvar_MIP031_Z_COL_COLLD=019",
    "MIP031",
  ],
  [
    "calzedonia",
    "https://www.intimissimi.com/pt/product/camisola-RID91L.html?dwvar_RID91L_Z_COL_INTD=1473",
    "RID91L",
  ],
  [
    "havaianas",
    "https://www.havaianas-store.com/it/en/havaianas-top-logomania-colors-ii/4147526-INDIGO_BLUE.html",
    "4147526",
  ],
  ["havaianas", "https://www.havaianas-store.com/pt/havaianas-top/4000029-BLACK.html", "4000029"],
  ["aliexpress", "https://www.aliexpress.com/item/1005006543210.html", "1005006543210"],
  ["aliexpress", "https://pt.aliexpress.com/i/1005006543210.html?productId=1005006543210", "1005006543210"],
  ["popmart", "https://www.popmart.com/pt/pop-now/set/51", "51"],
  ["vinted", "https://www.vinted.pt/member/general/12345678", "12345678"],
  ["vinted", "https://www.vinted.de/member/555-name?tab=closet", "555"],
  // the profile_url a user answer of the API carries
  ["vinted", "https://www.vinted.pt/member/12345-name", "12345"],
  ["zara", "https://www.zara.com/pt/pt/vestido-p06050324.html?v1=517756017&v2=2723387#top", "517756017"],
];
