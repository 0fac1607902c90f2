import type { FastifyInstance } from "fastify";
import { adminMetricsRoutes } from "./admin-financial-metrics.js";
import { adminBackupRoutes } from "./admin-backups.js";
import { adminHostBudgetRoutes } from "./admin-host-budgets.js";
import { adminInviteRoutes } from "./admin-invites.js";
import { adminUserRoutes } from "./admin-users.js";
import { inviteRoutes } from "./invites.js";
import { loginRoutes } from "./login.js";
import { userRoutes } from "./user.js";
import { userTwoFactorRoutes } from "./user-two-factor.js";
import { eventRoutes } from "./events.js";
import { expenseRoutes } from "./expenses.js";
import { feePresetRoutes } from "./fee-presets.js";
import { activityRoutes } from "./activity.js";
import { healthRoutes } from "./health.js";
import { inventoryRoutes } from "./inventory.js";
import { inventoryImportRoutes } from "./inventory-import.js";
import { monitorRoutes } from "./monitor.js";
import { platformRoutes } from "./platforms.js";
import { previewRoutes } from "./products-preview.js";
import { productCheckRoutes } from "./products-check.js";
import { monitorTransferRoutes } from "./monitor-transfer.js";
import { productRoutes } from "./products.js";
import { pushRoutes } from "./push.js";
import { webhookRoutes } from "./webhooks.js";
import { rankingRoutes } from "./ranking.js";
import { salesRoutes } from "./sales.js";
import { salesImportRoutes } from "./sales-import.js";
import { settingsRoutes } from "./settings.js";
import { statisticsRoutes } from "./statistics.js";
import { statusRoutes } from "./status.js";
import { tokenRoutes } from "./tokens.js";

/**
 * every API route module, registered once; a new resource adds one line here. A file is named by
 * the path its routes share after /api/, with "-" for "/" (admin-users.ts serves /api/admin/users).
 */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(loginRoutes);
  await app.register(userRoutes);
  await app.register(userTwoFactorRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminInviteRoutes);
  await app.register(inviteRoutes);
  await app.register(adminMetricsRoutes);
  await app.register(adminHostBudgetRoutes);
  await app.register(adminBackupRoutes);
  await app.register(settingsRoutes);
  await app.register(tokenRoutes);
  await app.register(platformRoutes);
  await app.register(monitorTransferRoutes);
  await app.register(productRoutes);
  await app.register(previewRoutes);
  await app.register(productCheckRoutes);
  await app.register(monitorRoutes);
  await app.register(statisticsRoutes);
  await app.register(activityRoutes);
  await app.register(inventoryRoutes);
  await app.register(salesRoutes);
  await app.register(inventoryImportRoutes);
  await app.register(salesImportRoutes);
  await app.register(feePresetRoutes);
  await app.register(expenseRoutes);
  await app.register(statusRoutes);
  await app.register(rankingRoutes);
  await app.register(pushRoutes);
  await app.register(webhookRoutes);
  await app.register(eventRoutes);
}
