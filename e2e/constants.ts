/** The first admin of the e2e app (global-setup passes it as ADMIN_PASSWORD). */
export const ADMIN_USERNAME = "admin";
export const ADMIN_PASSWORD = "e2e-admin-password";
export const ADMIN_STATE = "artifacts/.auth/admin.json";
