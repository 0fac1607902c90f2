import {
  type BooksImportAnswer,
  type BooksImportField,
  type BooksImportKind,
  IMPORT_FIELDS,
  IMPORT_FILE_TOO_LARGE,
  type ImportRow,
  type ImportRowOutcome,
  MAX_IMPORT_FILE_BYTES,
  REQUIRED_IMPORT_FIELDS,
} from "@common/schemas/books-import";
import { ChevronDown, FileUp } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { readCsvFile, useBooksImport } from "@/lib/books-import";
import { ApiError, errorMessage } from "@/lib/http";
import { translateMessage } from "@/lib/i18n";
import { useFormat } from "@/lib/user-settings";
import { cn } from "@/lib/utils";

type Mapping = Partial<Record<BooksImportField, string | null>>;

const OUTCOME_VARIANT: Record<ImportRowOutcome, "success" | "destructive" | "secondary" | "warning"> = {
  valid: "success",
  invalid: "destructive",
  duplicate: "secondary",
  overLimit: "warning",
};
const OUTCOMES = ["valid", "invalid", "duplicate", "overLimit"] as const;
/** rows drawn at once: a 5 000-row file is summed up, not drawn whole */
const SHOWN_ROWS = 200;
const NONE = "__none__";

interface ChosenFile {
  name: string;
  content: string;
}

/** a row's errors as words in the user's language */
const rowProblems = (row: ImportRow) => row.errors.map((e) => translateMessage(e.message)).join("; ");

function RowLine({ row, kind }: { row: ImportRow; kind: BooksImportKind }) {
  const { t } = useTranslation("common");
  const f = useFormat();
  const v = row.values;
  const facts: string[] = [];
  if (v && kind === "inventory") {
    if (v.price) facts.push(f.money(v.price));
    if (v.purchaseDate) facts.push(f.dateOnly(v.purchaseDate));
  }
  if (v && kind === "sales") {
    // a row that names its currency is a sale in it, not in the books currency
    if (v.salePrice) facts.push(v.saleCurrency ? f.price(v.salePrice, v.saleCurrency) : f.money(v.salePrice));
    if (v.saleDate) facts.push(f.dateOnly(v.saleDate));
    if (v.platform) facts.push(v.platform);
    facts.push(row.itemId ? t("booksImport.existingItem") : t("booksImport.newItem"));
  }
  return (
    <li className="grid gap-1 border-b px-3 py-2 last:border-b-0" data-testid="import-row">
      <div className="flex min-w-0 items-center gap-2">
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
          {t("booksImport.line", { line: row.line })}
        </span>
        <span className="min-w-0 flex-1 truncate text-sm font-medium">{row.label || "—"}</span>
        <Badge variant={OUTCOME_VARIANT[row.outcome]}>{t(`booksImport.status.${row.outcome}`)}</Badge>
      </div>
      {facts.length > 0 && <p className="text-xs text-muted-foreground">{facts.join(" · ")}</p>}
      {row.outcome !== "valid" && <p className="text-xs break-words text-destructive">{rowProblems(row)}</p>}
    </li>
  );
}

function ColumnChoice({
  field,
  kind,
  columns,
  value,
  onChange,
}: {
  field: BooksImportField;
  kind: BooksImportKind;
  columns: string[];
  value: string | null | undefined;
  onChange: (column: string | null) => void;
}) {
  const { t } = useTranslation("common");
  const required = REQUIRED_IMPORT_FIELDS[kind].includes(field);
  const label = `${t(`booksImport.fields.${field}`)}${required ? " *" : ""}`;
  const index = value ? columns.indexOf(value) : -1;
  return (
    <div className="grid min-w-0 gap-1">
      <span className="text-xs text-muted-foreground">{label}</span>
      <Select
        value={index >= 0 ? String(index) : NONE}
        onValueChange={(v) => onChange(v === NONE ? null : columns[Number(v)])}
      >
        <SelectTrigger size="sm" aria-label={label} className="w-full min-w-0">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>{t("booksImport.noColumn")}</SelectItem>
          {columns.map((column, i) => (
            // a header may repeat or be empty: the position tells them apart
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are the file's, in its order
            <SelectItem key={i} value={String(i)}>
              {column || t("booksImport.unnamedColumn", { n: i + 1 })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function Preview({
  kind,
  answer,
  onMapping,
  busy,
}: {
  kind: BooksImportKind;
  answer: BooksImportAnswer;
  onMapping: (mapping: Mapping) => void;
  busy: boolean;
}) {
  const { t } = useTranslation("common");
  const [onlyProblems, setOnlyProblems] = useState(answer.counts.valid < answer.rows.length);
  const [showColumns, setShowColumns] = useState(
    REQUIRED_IMPORT_FIELDS[kind].some((field) => !answer.mapping[field]),
  );
  const rows = onlyProblems ? answer.rows.filter((r) => r.outcome !== "valid") : answer.rows;
  const shown = rows.slice(0, SHOWN_ROWS);
  return (
    <div className="grid min-w-0 gap-3">
      <ul className="flex flex-wrap gap-2" data-testid="import-summary">
        {OUTCOMES.filter((o) => o === "valid" || answer.counts[o] > 0).map((outcome) => (
          <li key={outcome}>
            <Badge variant={OUTCOME_VARIANT[outcome]}>
              {t(`booksImport.count.${outcome}`, { count: answer.counts[outcome] })}
            </Badge>
          </li>
        ))}
      </ul>
      <div className="grid gap-2 rounded-md border p-3">
        <button
          type="button"
          className="flex items-center justify-between gap-2 rounded-sm text-left text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          aria-expanded={showColumns}
          onClick={() => setShowColumns((s) => !s)}
        >
          {t("booksImport.columnsTitle")}
          <ChevronDown className={cn("size-4 shrink-0 transition-transform", showColumns && "rotate-180")} />
        </button>
        {showColumns && (
          <>
            <p className="text-xs text-muted-foreground">{t("booksImport.columnsHelp")}</p>
            <fieldset className="grid grid-cols-2 gap-2 md:grid-cols-3" disabled={busy}>
              {IMPORT_FIELDS[kind].map((field) => (
                <ColumnChoice
                  key={field}
                  field={field}
                  kind={kind}
                  columns={answer.columns}
                  value={answer.mapping[field]}
                  onChange={(column) => onMapping({ ...answer.mapping, [field]: column })}
                />
              ))}
            </fieldset>
          </>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant={onlyProblems ? "outline" : "secondary"}
          aria-pressed={!onlyProblems}
          onClick={() => setOnlyProblems(false)}
        >
          {t("booksImport.allRows", { count: answer.rows.length })}
        </Button>
        <Button
          size="sm"
          variant={onlyProblems ? "secondary" : "outline"}
          aria-pressed={onlyProblems}
          onClick={() => setOnlyProblems(true)}
        >
          {t("booksImport.problemRows", { count: answer.rows.length - answer.counts.valid })}
        </Button>
      </div>
      <ul
        className="max-h-[40dvh] min-w-0 overflow-y-auto rounded-md border"
        aria-label={t("booksImport.rowsLabel")}
        data-testid="import-rows"
      >
        {shown.map((row) => (
          <RowLine key={row.line} row={row} kind={kind} />
        ))}
        {shown.length === 0 && (
          <li className="px-3 py-4 text-sm text-muted-foreground">{t("booksImport.noRows")}</li>
        )}
      </ul>
      {rows.length > shown.length && (
        <p className="text-xs text-muted-foreground">
          {t("booksImport.moreRows", { count: rows.length - shown.length })}
        </p>
      )}
    </div>
  );
}

/** the 400 of a file that cannot be read, with the line the parser stopped at */
function fileProblem(error: unknown, fallback: string, lineWord: (line: string) => string): string {
  const text = errorMessage(error, fallback);
  if (!(error instanceof ApiError) || error.errors.length === 0) return text;
  const details = error.errors.map((e) =>
    /^\d+$/.test(e.path)
      ? `${lineWord(e.path)}: ${translateMessage(e.message)}`
      : translateMessage(e.message),
  );
  return `${text} (${details.join("; ")})`;
}

/**
 * "Importar CSV" on Inventário and Vendas: choose a file → the preview (each row valid or with its
 * errors by line, the columns it was read from, which the user may change) → "Importar N linhas"
 * → what was imported and what was not.
 */
export function BooksImportDialog({
  kind,
  open,
  onOpenChange,
}: {
  kind: BooksImportKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("common");
  const importer = useBooksImport(kind);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [mapping, setMapping] = useState<Mapping | undefined>(undefined);
  const [preview, setPreview] = useState<BooksImportAnswer | null>(null);
  const [result, setResult] = useState<BooksImportAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setMapping(undefined);
    setPreview(null);
    setResult(null);
    setProblem(null);
    importer.reset();
    if (input.current) input.current.value = "";
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };
  const failed = (error: unknown) =>
    setProblem(fileProblem(error, t("unknownError"), (line) => t("booksImport.line", { line })));

  const runPreview = (chosen: ChosenFile, columns?: Mapping) => {
    setProblem(null);
    importer.mutate(
      { content: chosen.content, mapping: columns, commit: false },
      { onSuccess: setPreview, onError: failed },
    );
  };

  const choose = async (picked: File | undefined) => {
    setProblem(null);
    setPreview(null);
    setMapping(undefined);
    if (!picked) return;
    if (picked.size > MAX_IMPORT_FILE_BYTES) {
      setFile(null);
      setProblem(translateMessage(IMPORT_FILE_TOO_LARGE));
      return;
    }
    const chosen = { name: picked.name, content: await readCsvFile(picked) };
    setFile(chosen);
    runPreview(chosen);
  };

  const commit = () => {
    if (!file) return;
    importer.mutate(
      { content: file.content, mapping, commit: true },
      {
        onSuccess: (answer) => {
          setResult(answer);
          toast.success(t("booksImport.imported", { count: answer.imported }));
        },
        onError: failed,
      },
    );
  };

  const valid = preview?.counts.valid ?? 0;
  const leftOut = result ? result.rows.filter((r) => r.outcome !== "valid") : [];

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="overflow-x-hidden sm:max-w-2xl" data-testid="books-import-dialog">
        <DialogHeader>
          <DialogTitle>{t(`booksImport.title.${kind}`)}</DialogTitle>
          <DialogDescription>{t(`booksImport.description.${kind}`)}</DialogDescription>
        </DialogHeader>

        {!result && (
          <div className="grid min-w-0 gap-1.5">
            {/* the browser's own file button speaks its language, not the user's: ours stands in front */}
            <input
              ref={input}
              id={`books-import-file-${kind}`}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              className="sr-only"
              aria-label={t("booksImport.chooseFile")}
              onChange={(e) => void choose(e.target.files?.[0])}
            />
            <div className="flex min-w-0 flex-wrap items-center gap-3">
              <Button variant="outline" onClick={() => input.current?.click()} disabled={importer.isPending}>
                <FileUp />
                {file ? t("booksImport.otherFile") : t("booksImport.chooseFile")}
              </Button>
              <span className="min-w-0 flex-1 truncate text-sm text-muted-foreground">
                {file?.name ?? t("booksImport.noFile")}
              </span>
            </div>
            <p className="text-xs text-muted-foreground">{t(`booksImport.help.${kind}`)}</p>
          </div>
        )}

        {problem && (
          <p role="alert" className="text-sm break-words text-destructive">
            {problem}
          </p>
        )}
        {importer.isPending && !preview && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t("booksImport.reading")}
          </p>
        )}

        {preview && !result && (
          <Preview
            // another file starts its view afresh; other columns keep it (the choices stay open)
            key={file?.name}
            kind={kind}
            answer={preview}
            busy={importer.isPending}
            onMapping={(next) => {
              setMapping(next);
              if (file) runPreview(file, next);
            }}
          />
        )}

        {result && (
          <div className="grid min-w-0 gap-3" data-testid="import-result">
            <p className="text-sm font-medium">{t("booksImport.imported", { count: result.imported })}</p>
            {leftOut.length > 0 && (
              <>
                <p className="text-sm text-muted-foreground">
                  {t("booksImport.leftOut", { count: leftOut.length })}
                </p>
                <ul className="max-h-[40dvh] overflow-y-auto rounded-md border">
                  {leftOut.slice(0, SHOWN_ROWS).map((row) => (
                    <RowLine key={row.line} row={row} kind={kind} />
                  ))}
                </ul>
              </>
            )}
          </div>
        )}

        <DialogFooter>
          {result ? (
            <Button onClick={() => close(false)}>{t("actions.close")}</Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => close(false)} disabled={importer.isPending}>
                {t("actions.cancel")}
              </Button>
              <Button
                onClick={commit}
                disabled={valid === 0 || importer.isPending}
                className={cn(!preview && "hidden")}
              >
                {valid === 0
                  ? t("booksImport.nothingToImport")
                  : t("booksImport.importCount", { count: valid })}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
