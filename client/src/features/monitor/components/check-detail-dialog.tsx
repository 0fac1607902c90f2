import type { ProductDto } from "@common/schemas/products";
import { Loader2, RefreshCw } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { errorMessage } from "@/lib/http";
import { useLastCheck, useTestProduct } from "../api/check-product";
import { CheckDetailView } from "./check-detail-view";

export interface CheckDialogState {
  product: ProductDto;
  /** "test": run a check now; "last": show what the last one read */
  mode: "test" | "last";
}

export function CheckDetailDialog({
  state,
  onClose,
}: {
  state: CheckDialogState | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="check-dialog">
        {state && (
          <CheckDetailBody key={`${state.product.id}:${state.mode}`} state={state} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CheckDetailBody({ state, onClose }: { state: CheckDialogState; onClose: () => void }) {
  const { product } = state;
  const { t } = useTranslation(["monitor", "common"]);
  const test = useTestProduct();
  const last = useLastCheck(state.mode === "last" ? product.id : null);
  const { mutate } = test;

  useEffect(() => {
    if (state.mode === "test") mutate(product.id);
  }, [state.mode, product.id, mutate]);

  const detail = test.data ?? (state.mode === "last" ? last.data?.detail : undefined);
  const busy = test.isPending || (state.mode === "last" && last.isPending);
  const error = test.error ?? (state.mode === "last" ? last.error : null);

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <DialogHeader>
        <DialogTitle>
          {state.mode === "test" || test.data ? t("check.testNow") : t("check.lastCheck")}
        </DialogTitle>
        <DialogDescription className="break-words">{product.name}</DialogDescription>
      </DialogHeader>
      {busy ? (
        <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" />
          {t("check.checking")}
        </p>
      ) : error ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
        >
          {errorMessage(error, t("check.testFailed"))}
        </p>
      ) : detail ? (
        <CheckDetailView detail={detail} platform={product.platform} />
      ) : (
        <p className="py-6 text-sm text-muted-foreground">{t("check.noDetail")}</p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t("common:actions.close")}
        </Button>
        <Button onClick={() => test.mutate(product.id)} disabled={test.isPending}>
          <RefreshCw className={test.isPending ? "animate-spin" : undefined} />
          {detail ? t("check.testAgain") : t("check.testNow")}
        </Button>
      </DialogFooter>
    </div>
  );
}
