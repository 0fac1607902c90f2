import { CheckFailure } from "../types";
import { Contradiction } from "./verdict";

export interface Route<T> {
  /** recorded in the result's `source` */
  name: string;
  run(): Promise<T>;
}

/**
 * Tries a platform's routes in order. A route that answers oddly or not at all (unexpected,
 * not_found) hands over to the next; a block, timeout or network error stops at once, because the
 * next route hits the same host and the engine must back off rather than insist. An answer that
 * contradicts itself stops too: the check fails rather than trusting a coarser route.
 */
export async function firstAnswer<T>(routes: Route<T>[]): Promise<{ value: T; source: string }> {
  const failures: CheckFailure[] = [];
  for (const route of routes) {
    try {
      return { value: await route.run(), source: route.name };
    } catch (error) {
      if (!(error instanceof CheckFailure)) throw error;
      if (error.reason !== "unexpected" && error.reason !== "not_found") throw error;
      if (error instanceof Contradiction) throw error;
      failures.push(error);
    }
  }
  if (failures.length === 0) throw new CheckFailure("unexpected", "Nenhuma rota de verificação disponível");
  // "not found" only when every route said so; otherwise the first odd answer is the useful one
  return Promise.reject(failures.find((f) => f.reason !== "not_found") ?? failures[0]);
}
