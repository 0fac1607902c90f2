/** What the web side may ask of the engine, wherever it runs. */
export interface EngineHandle {
  /** a product was created or turned on: check it now rather than after a full interval */
  checkSoon(productId: number): void;
  /** for /api/health: null when the engine does not run in this process */
  health(): EngineHealth | null;
}

export const noEngine: EngineHandle = {
  checkSoon: () => {},
  health: () => null,
};

export interface EngineHealth {
  running: boolean;
  lagMsP99: number | null;
  checksLastMinute: number;
  /** ISO time the engine started */
  startedAt?: string;
  /** ISO time the last check finished; null before the first */
  lastCheckAt?: string | null;
}
