import { toastFailure } from "@/lib/mutation-feedback";
import {
  MAX_MONITOR_FILE_CHARS,
  type MonitorImportAnswer,
  type MonitorRowOutcome,
} from "@common/schemas/monitor-transfer";
import { Download, FileUp } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { downloadFromServer } from "@/lib/download";
import { errorMessage } from "@/lib/http";
import { translateMessage } from "@/lib/i18n";
import { useImportMonitors } from "../api/monitor-transfer";

interface ChosenFile {
  name: string;
  format: "json" | "csv";
  content: string;
}

const OUTCOME_VARIANT: Record<MonitorRowOutcome, "default" | "secondary" | "destructive" | "outline"> = {
  valid: "default",
  invalid: "destructive",
  duplicate: "secondary",
  overLimit: "outline",
};

/** a .json file, or text that opens as JSON, is JSON; anything else is read as CSV */
function formatOf(name: string, content: string): "json" | "csv" {
  if (/\.json$/i.test(name)) return "json";
  if (/\.csv$/i.test(name)) return "csv";
  return /^\uFEFF?\s*[[{]/.test(content) ? "json" : "csv";
}

function ImportPreview({
  file,
  answer,
  importing,
  onImport,
  onCancel,
}: {
  file: ChosenFile;
  answer: MonitorImportAnswer;
  importing: boolean;
  onImport: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("settings");
  const count = (outcome: MonitorRowOutcome) => answer.rows.filter((r) => r.outcome === outcome).length;
  const valid = count("valid");
  const problems = answer.rows.filter((r) => r.outcome !== "valid");
  return (
    <section className="grid gap-3 rounded-md border p-3" aria-label={t("transfer.previewTitle")}>
      <p className="text-sm font-medium break-all">{t("transfer.previewOf", { name: file.name })}</p>
      <ul className="flex flex-wrap gap-2" data-testid="import-summary">
        {(["valid", "invalid", "duplicate", "overLimit"] as const).map((outcome) => (
          <li key={outcome}>
            <Badge variant={OUTCOME_VARIANT[outcome]}>
              {t(`transfer.outcome.${outcome}`, { count: count(outcome) })}
            </Badge>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">{t("transfer.room", { count: answer.room })}</p>
      {problems.length > 0 && (
        <ul className="grid max-h-60 gap-1 overflow-y-auto text-sm" data-testid="import-problems">
          {problems.map((row) => (
            <li key={row.line} className="break-words">
              <span className="font-medium">
                {t("transfer.line", { line: row.line })}
                {row.name ? ` · ${row.name}` : ""}
              </span>
              {": "}
              {row.outcome === "duplicate" || row.outcome === "overLimit"
                ? t(`transfer.reason.${row.outcome}`)
                : row.errors.map((e) => translateMessage(e.message)).join("; ")}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onImport} disabled={valid === 0 || importing}>
          {valid === 0 ? t("transfer.nothingToImport") : t("transfer.importCount", { count: valid })}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={importing}>
          {t("transfer.cancel")}
        </Button>
      </div>
    </section>
  );
}

/** Configurações → API: the user's monitors out as a file, and a file of monitors in */
export function MonitorTransferCard() {
  const { t } = useTranslation(["settings", "common"]);
  const importer = useImportMonitors();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [preview, setPreview] = useState<MonitorImportAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setPreview(null);
    if (input.current) input.current.value = "";
  };

  const exportAs = async (format: "json" | "csv") => {
    try {
      await downloadFromServer(`/api/products/export?format=${format}`, `monitores.${format}`);
    } catch (error) {
      toastFailure("settings:transfer.exportFailed")(error);
    }
  };

  const choose = async (chosen: File | undefined) => {
    setProblem(null);
    setPreview(null);
    if (!chosen) return;
    if (chosen.size > MAX_MONITOR_FILE_CHARS) {
      setProblem(t("transfer.tooBig"));
      return;
    }
    const content = await chosen.text();
    const next = { name: chosen.name, format: formatOf(chosen.name, content), content };
    setFile(next);
    importer.mutate(
      { format: next.format, content: next.content, commit: false },
      {
        onSuccess: setPreview,
        onError: (error) => setProblem(errorMessage(error, t("common:unknownError"))),
      },
    );
  };

  const commit = () => {
    if (!file) return;
    importer.mutate(
      { format: file.format, content: file.content, commit: true },
      {
        onSuccess: (answer) => {
          toast.success(t("transfer.imported", { count: answer.created }));
          reset();
        },
        onError: toastFailure("settings:transfer.importFailed"),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("transfer.title")}</CardTitle>
        <CardDescription>{t("transfer.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => exportAs("json")}>
            <Download />
            {t("transfer.exportJson")}
          </Button>
          <Button variant="outline" onClick={() => exportAs("csv")}>
            <Download />
            {t("transfer.exportCsv")}
          </Button>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="monitor-import-file" className="flex items-center gap-2">
            <FileUp className="size-4" />
            {t("transfer.importLabel")}
          </Label>
          {/* the browser's own file button speaks its language, not the user's: ours stands in front */}
          <input
            ref={input}
            id="monitor-import-file"
            type="file"
            accept=".json,.csv,application/json,text/csv"
            className="sr-only"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <div className="flex min-w-0 flex-wrap items-center gap-3">
            <Button variant="outline" onClick={() => input.current?.click()} disabled={importer.isPending}>
              {t("transfer.chooseFile")}
            </Button>
            <span className="min-w-0 truncate text-sm text-muted-foreground">
              {file?.name ?? t("transfer.noFile")}
            </span>
          </div>
          <p className="text-xs text-muted-foreground">{t("transfer.importHelp")}</p>
        </div>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        {file && preview && (
          <ImportPreview
            file={file}
            answer={preview}
            importing={importer.isPending}
            onImport={commit}
            onCancel={reset}
          />
        )}
      </CardContent>
    </Card>
  );
}
