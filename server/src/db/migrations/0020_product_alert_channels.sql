-- Each product chooses where its alerts go: its webhook (Discord, Slack, JSON or Telegram), the
-- owner's e-mail and the owner's devices (Web Push). Null keeps the defaults: the webhook when there
-- is one, e-mail and push as Settings → Utilizador says. {"webhook":bool,"email":bool,"push":bool}
ALTER TABLE "products" ADD COLUMN "alert_channels" jsonb;
