import type { TwoFactorSetup } from "@common/schemas/two-factor";
import { Loader2, ShieldAlert, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageSpinner } from "@/components/spinner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/http";
import { toastFailure } from "@/lib/mutation-feedback";
import { useStartTwoFactor, useTwoFactorStatus } from "../api/two-factor";
import { DisableForm, EnrolPanel, RecoveryCodesPanel, RegenerateForm } from "./two-factor-forms";

/** what the card shows besides the status: a step of enrolment, new codes, or one of the forms */
type Step =
  | { kind: "idle" }
  | { kind: "enrol"; setup: TwoFactorSetup }
  | { kind: "codes"; codes: string[] }
  | { kind: "disable" }
  | { kind: "regenerate" };

/**
 * Perfil: "Verificação em dois passos". Off → a QR to scan and its first code → ten recovery
 * codes shown once → on, with new codes or off (password and a code). `required`: the admins must
 * use it and this one does not yet; the rest of the app waits for it.
 */
export function TwoFactorCard({ required }: { required: boolean }) {
  const { t } = useTranslation(["profile", "common"]);
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const idle = () => setStep({ kind: "idle" });
  const enabled = status.data?.enabled ?? false;

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (setup) => setStep({ kind: "enrol", setup }),
      onError: toastFailure("common:unknownError"),
    });

  return (
    <Card id="two-factor" data-testid="two-factor-card" className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5" />
          {t("twoFactor.title")}
        </CardTitle>
        <CardDescription>{t("twoFactor.description")}</CardDescription>
        {status.data && step.kind !== "codes" && (
          <CardAction>
            <Badge variant={enabled ? "success" : "secondary"} data-testid="two-factor-state">
              {enabled ? t("twoFactor.on") : t("twoFactor.off")}
            </Badge>
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {required && !enabled && (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2.5 text-sm"
          >
            <ShieldAlert className="mt-0.5 size-4 shrink-0" />
            <span>{t("twoFactor.required")}</span>
          </div>
        )}
        {status.isLoading && <PageSpinner />}
        {status.error && (
          <p className="text-sm text-destructive">{errorMessage(status.error, t("common:unknownError"))}</p>
        )}
        {step.kind === "enrol" && (
          <EnrolPanel
            setup={step.setup}
            onConfirmed={(codes) => setStep({ kind: "codes", codes })}
            onCancel={idle}
          />
        )}
        {step.kind === "codes" && <RecoveryCodesPanel codes={step.codes} onDone={idle} />}
        {step.kind === "disable" && <DisableForm onDone={idle} />}
        {step.kind === "regenerate" && (
          <RegenerateForm onCodes={(codes) => setStep({ kind: "codes", codes })} onCancel={idle} />
        )}
        {step.kind === "idle" && status.data && !enabled && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">{t("twoFactor.offText")}</p>
            <Button onClick={begin} disabled={start.isPending}>
              {start.isPending && <Loader2 className="animate-spin" />}
              {t("twoFactor.start")}
            </Button>
          </div>
        )}
        {step.kind === "idle" && status.data && enabled && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">
              {t("twoFactor.codesLeft", { count: status.data.recoveryCodesLeft })}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setStep({ kind: "regenerate" })}>
                {t("twoFactor.regenerate")}
              </Button>
              <Button variant="outline" onClick={() => setStep({ kind: "disable" })}>
                {t("twoFactor.disable")}
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
