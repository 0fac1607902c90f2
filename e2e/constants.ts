/** The first admin of the e2e app (global-setup passes it as ADMIN_PASSWORD). */
export const ADMIN_USERNAME = "admin";
export const ADMIN_PASSWORD = "e2e-admin-password";

/**
 * The shared admin session, one file per run: runs side by side on one machine must not swap
 * sessions (cookies ignore the port). E2E_RUN_ID is set by global-setup before workers start.
 */
export function adminStatePath(runId = process.env.E2E_RUN_ID ?? "main"): string {
  return `artifacts/.auth/admin-${runId}.json`;
}

export const ADMIN_STATE = adminStatePath();
