/** `text` as a URL when it is one and its scheme is http or https; null otherwise */
export function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** true for an http(s) URL: what a product, an image or a webhook address must be */
export const isHttpUrl = (text: string): boolean => httpUrl(text) !== null;
