/**
 * A short two-note chime made with the Web Audio API (no audio file to load). Browsers let a page
 * play sound once the user has interacted with it; before that the context stays suspended and
 * the chime is skipped silently.
 */
let context: AudioContext | null = null;

export function playAlertSound(): void {
  if (typeof window === "undefined" || typeof window.AudioContext !== "function") return;
  try {
    context ??= new window.AudioContext();
    const ctx = context;
    void ctx.resume().catch(() => {});
    const start = ctx.currentTime + 0.02;
    // E5 then A5, 0.16 s each, soft attack and release so there is no click
    for (const [i, frequency] of [659.25, 880].entries()) {
      const at = start + i * 0.18;
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.17);
    }
  } catch {
    // no sound is better than a broken alert
  }
}
