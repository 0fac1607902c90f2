import { clearTtlCaches } from "../src/engine/platforms/support/ttl-cache.js";

/**
 * Vitest's setup file, run before each test file. Test files share their worker process (no
 * isolation: the app's modules are imported once per worker, not once per file), so what a process
 * learns and keeps for a day is forgotten here.
 */
clearTtlCaches();
