/** The platform's own id of a product, read from its URL (the modal's "ID do produto"). */
const PATTERNS: Record<string, RegExp[]> = {
  zara: [/[?&]v1=(\d+)/, /-p(\d{8})\.html/],
  aliexpress: [/\/item\/(\d+)/],
  popmart: [/\/products\/(\d+)/],
  hm: [/productpage\.(\d+)\.html/],
  calzedonia: [/-([A-Z0-9]+)\.html/i],
  havaianas: [/-(\d{7}-\d{4})\.html/, /\/([^/]+)\.html/],
  vinted: [/\/member\/(?:general\/)?(\d+)/],
  worten: [/-(\d+)(?:[/?#]|$)/],
  fnac: [/\/a(\d+)(?:[/?#]|$)/],
  levis: [/\/p\/([A-Z0-9]+)/i],
  nudeproject: [/\/products\/([^/?#.]+)/],
};

export function productCodeFromUrl(platform: string, url: string): string | null {
  for (const pattern of PATTERNS[platform] ?? [/\/products\/([^/?#.]+)/]) {
    const match = pattern.exec(url);
    if (match) return decodeURIComponent(match[1]);
  }
  return null;
}
