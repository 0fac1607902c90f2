/** What the web side may ask of the engine, wherever it runs. */
export interface EngineHandle {
  /** a product was created or turned on: check it now rather than after a full interval */
  checkSoon(productId: number): void;
  /** for /api/health: null when the engine does not run in this process */
  health(): { running: boolean; lagMsP99: number | null; checksLastMinute: number } | null;
}

export const noEngine: EngineHandle = {
  checkSoon: () => {},
  health: () => null,
};
