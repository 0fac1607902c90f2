import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  regenerateRecoveryCodesSchema,
  type TwoFactorSetup,
} from "@common/schemas/two-factor";
import { zodResolver } from "@hookform/resolvers/zod";
import { Copy, Loader2 } from "lucide-react";
import { type FieldValues, type Path, type UseFormReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/http";
import { translateMessage } from "@/lib/i18n";
import { useConfirmTwoFactor, useDisableTwoFactor, useRegenerateRecoveryCodes } from "../api/two-factor";

/** the server's field errors on their fields, anything else under the form */
function showFailure<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  error: Error,
  fallback: string,
) {
  const fields = error instanceof ApiError ? error.errors : [];
  for (const field of fields) form.setError(field.path as Path<T>, { message: field.message });
  if (!fields.length) form.setError("root", { message: errorMessage(error, fallback) });
}

function RootError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {translateMessage(message)}
    </p>
  );
}

const copy = (text: string, done: string, failed: string) =>
  navigator.clipboard.writeText(text).then(
    () => toast.success(done),
    () => toast.error(failed),
  );

/** the six digits of the app; what a phone's keyboard and password managers should offer */
const codeInputProps = { inputMode: "numeric", autoComplete: "one-time-code", maxLength: 7 } as const;

/** enrolment: the QR (or the key typed by hand), then the first code */
export function EnrolPanel({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(["profile", "common"]);
  const form = useForm<
    z.input<typeof confirmTwoFactorSchema>,
    unknown,
    z.output<typeof confirmTwoFactorSchema>
  >({
    resolver: zodResolver(confirmTwoFactorSchema),
    defaultValues: { code: "" },
  });
  const confirm = useConfirmTwoFactor();
  const { errors } = form.formState;
  const grouped = setup.secret.match(/.{1,4}/g)?.join(" ") ?? setup.secret;
  const submit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes),
      onError: (error) => showFailure(form, error, t("common:unknownError")),
    }),
  );
  return (
    <div className="grid gap-5 sm:grid-cols-[auto_1fr]" data-testid="two-factor-enrol">
      <img
        src={setup.qrCode}
        alt={t("twoFactor.qrAlt")}
        width={184}
        height={184}
        className="size-46 justify-self-center rounded-lg border bg-white p-1"
      />
      <div className="grid min-w-0 content-start gap-4 text-sm">
        <p>{t("twoFactor.scan")}</p>
        <div className="grid gap-1.5">
          <p className="text-muted-foreground">{t("twoFactor.manual")}</p>
          <div className="flex items-center gap-2">
            <code
              data-testid="two-factor-secret"
              className="min-w-0 rounded-md bg-muted px-2 py-1 font-mono text-sm break-all"
            >
              {grouped}
            </code>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t("twoFactor.copyKey")}
              onClick={() => copy(setup.secret, t("twoFactor.copied"), t("twoFactor.copyFailed"))}
            >
              <Copy />
            </Button>
          </div>
        </div>
        <form noValidate className="grid gap-3" onSubmit={submit}>
          <FormField id="two-factor-code" label={t("twoFactor.codeLabel")} error={errors.code?.message}>
            <Input
              id="two-factor-code"
              className="max-w-40 font-mono tracking-widest"
              placeholder="123456"
              aria-invalid={errors.code ? true : undefined}
              {...codeInputProps}
              {...form.register("code")}
            />
          </FormField>
          <RootError message={errors.root?.message} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending && <Loader2 className="animate-spin" />}
              {t("twoFactor.confirm")}
            </Button>
            <Button type="button" variant="outline" onClick={onCancel}>
              {t("common:actions.cancel")}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** shown once, right after they are made: only their hashes are kept */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("profile");
  return (
    <div className="grid gap-4" data-testid="recovery-codes">
      <div className="rounded-lg border border-warning/40 bg-warning/10 px-3 py-2.5 text-sm">
        <p className="font-medium">{t("twoFactor.codesTitle")}</p>
        <p className="text-muted-foreground">{t("twoFactor.codesText")}</p>
      </div>
      <ol className="grid grid-cols-2 gap-x-6 gap-y-1.5 font-mono text-sm sm:grid-cols-5 sm:gap-x-4">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => copy(codes.join("\n"), t("twoFactor.codesCopied"), t("twoFactor.copyFailed"))}
        >
          <Copy />
          {t("twoFactor.copyCodes")}
        </Button>
        <Button type="button" onClick={onDone}>
          {t("twoFactor.codesSaved")}
        </Button>
      </div>
    </div>
  );
}

/** turning 2FA off: the password and a code of the app (or a recovery code) */
export function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(["profile", "common"]);
  const form = useForm<z.input<typeof disableTwoFactorSchema>>({
    resolver: zodResolver(disableTwoFactorSchema),
    defaultValues: { password: "", code: "" },
  });
  const disable = useDisableTwoFactor();
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: onDone,
      onError: (error) => showFailure(form, error, t("common:unknownError")),
    }),
  );
  return (
    <form noValidate className="grid gap-4" onSubmit={submit} data-testid="two-factor-disable">
      <p className="text-sm text-muted-foreground">{t("twoFactor.disableText")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="two-factor-disable-password"
          label={t("twoFactor.password")}
          error={errors.password?.message}
        >
          <Input
            id="two-factor-disable-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            {...form.register("password")}
          />
        </FormField>
        <FormField
          id="two-factor-disable-code"
          label={t("twoFactor.codeOrRecovery")}
          error={errors.code?.message}
        >
          <Input
            id="two-factor-disable-code"
            autoComplete="one-time-code"
            className="font-mono"
            aria-invalid={errors.code ? true : undefined}
            {...form.register("code")}
          />
        </FormField>
      </div>
      <RootError message={errors.root?.message} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" variant="destructive" disabled={disable.isPending}>
          {disable.isPending && <Loader2 className="animate-spin" />}
          {t("twoFactor.disable")}
        </Button>
      </div>
    </form>
  );
}

/** ten new recovery codes, the old ones void: proven by the password */
export function RegenerateForm({
  onCodes,
  onCancel,
}: {
  onCodes: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(["profile", "common"]);
  const form = useForm<z.input<typeof regenerateRecoveryCodesSchema>>({
    resolver: zodResolver(regenerateRecoveryCodesSchema),
    defaultValues: { password: "" },
  });
  const regenerate = useRegenerateRecoveryCodes();
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    regenerate.mutate(values, {
      onSuccess: ({ recoveryCodes }) => onCodes(recoveryCodes),
      onError: (error) => showFailure(form, error, t("common:unknownError")),
    }),
  );
  return (
    <form noValidate className="grid gap-4" onSubmit={submit} data-testid="two-factor-regenerate">
      <p className="text-sm text-muted-foreground">{t("twoFactor.regenerateText")}</p>
      <FormField
        id="two-factor-regenerate-password"
        label={t("twoFactor.password")}
        error={errors.password?.message}
        className="sm:max-w-xs"
      >
        <Input
          id="two-factor-regenerate-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          {...form.register("password")}
        />
      </FormField>
      <RootError message={errors.root?.message} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={regenerate.isPending}>
          {regenerate.isPending && <Loader2 className="animate-spin" />}
          {t("twoFactor.regenerate")}
        </Button>
      </div>
    </form>
  );
}
