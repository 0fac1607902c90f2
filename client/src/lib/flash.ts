const FLASH_KEY = "stock-monitor-flash";

/** A message to show after a full page load (e.g. the logout toast survives the redirect). */
export function setFlash(message: string) {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // storage blocked: the message is simply not shown
  }
}

export function takeFlash(): string | null {
  try {
    const message = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    return message;
  } catch {
    return null;
  }
}
