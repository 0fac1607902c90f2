import { messageAnswerSchema } from "@common/schemas/answers.js";
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  recoveryCodesSchema,
  regenerateRecoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from "@common/schemas/two-factor.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../plugins/auth.js";
import { perUserPerMinute } from "../plugins/per-user-limit.js";
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from "../services/two-factor.js";

/** /api/user/two-factor: the signed-in user's own two-factor sign-in (Perfil) */
export const userTwoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/user/two-factor", { schema: { response: { 200: twoFactorStatusSchema } } }, async (request) =>
    twoFactorStatus(app.db, currentUser(request).id),
  );

  app.post(
    "/api/user/two-factor/setup",
    { schema: { response: { 200: twoFactorSetupSchema } }, config: perUserPerMinute("2fa-setup", 10) },
    async (request) => startTwoFactorSetup(app.db, currentUser(request).id),
  );

  // codes and passwords are guesses: limited like a password change
  app.post(
    "/api/user/two-factor/confirm",
    {
      schema: { body: confirmTwoFactorSchema, response: { 200: recoveryCodesSchema } },
      config: perUserPerMinute("2fa-code", 10),
    },
    async (request) => ({
      recoveryCodes: await confirmTwoFactorSetup(app.db, currentUser(request).id, request.body.code),
    }),
  );

  app.post(
    "/api/user/two-factor/disable",
    {
      schema: { body: disableTwoFactorSchema, response: { 200: messageAnswerSchema } },
      config: perUserPerMinute("2fa-code", 10),
    },
    async (request) => {
      await disableTwoFactor(app.db, currentUser(request).id, request.body);
      return { message: "Verificação em dois passos desativada" };
    },
  );

  app.post(
    "/api/user/two-factor/recovery-codes",
    {
      schema: { body: regenerateRecoveryCodesSchema, response: { 200: recoveryCodesSchema } },
      config: perUserPerMinute("password", 10),
    },
    async (request) => ({
      recoveryCodes: await regenerateRecoveryCodes(app.db, currentUser(request).id, request.body.password),
    }),
  );
};
