/**
 * Finds texts written into components instead of the catalogues: JSX text, the human attributes
 * (placeholder, title, aria-label, alt…) and string literals that read as words ("Guardar",
 * "A carregar…", anything with a Portuguese accent), outside t()/translateMessage() calls, imports,
 * class names and type positions. A line may opt out with `// i18n-ignore` (names of brands and
 * retailers, say, which no language translates).
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export interface Untranslated {
  file: string;
  line: number;
  text: string;
}

const HUMAN_ATTRIBUTES = new Set([
  "placeholder",
  "title",
  "aria-label",
  "alt",
  "label",
  "description",
  "aria-description",
]);
const NON_TEXT_ATTRIBUTES = new Set([
  "className",
  "class",
  "id",
  "href",
  "to",
  "src",
  "type",
  "name",
  "key",
  "role",
  "autoComplete",
  "inputMode",
  "pattern",
  "data-testid",
  "variant",
  "size",
  "side",
  "align",
  "htmlFor",
  "form",
  "method",
  "target",
  "rel",
  "accept",
  "lang",
  "dir",
]);
const TRANSLATING_CALLS = new Set([
  "t",
  "translateMessage",
  "i18n.t",
  "useTranslation",
  "Trans",
  "require",
  "cn",
  "cva",
  "clsx",
  "twMerge",
  "matchMedia",
  "querySelector",
  "getElementById",
  "addEventListener",
  "removeEventListener",
  "localStorage.getItem",
  "localStorage.setItem",
  "sessionStorage.getItem",
  "sessionStorage.setItem",
  "apiRequest",
  "fetch",
  "console.log",
  "console.warn",
  "console.error",
]);
/** words every language writes the same */
const SAME_IN_EVERY_LANGUAGE = new Set([
  "Stock Monitor",
  "Discord",
  "Telegram",
  "Slack",
  "Vinted",
  "ROI",
  "CSV",
  "URL",
  "ID",
  "SKU",
  "JSON",
  "Webhook",
  "OK",
  "Email",
  "E-mail",
  "Password",
  "Admin",
  "Dashboard",
  "Status",
  "Ranking",
  "Stock",
]);

const PT_LETTERS = /[ãõçáéíóúâêôàÃÕÇÁÉÍÓÚÂÊÔÀ]/;
// a word with a capital or a sentence: "Guardar", "Sem ligação", "a carregar…"
const READS_AS_WORDS = /^(?:[A-ZÀ-Ý][a-zà-ÿ]+|[a-zà-ÿ]+ [a-zà-ÿ]+ )/;

function readsAsText(text: string): boolean {
  const trimmed = text.trim();
  if (!/\p{L}/u.test(trimmed) || SAME_IN_EVERY_LANGUAGE.has(trimmed)) return false;
  if (/^[\w-]+(?:[:/.][\w-]+)*$/.test(trimmed) && !/^[A-ZÀ-Ý][a-zà-ÿ]{2,}$/.test(trimmed)) return false; // identifiers, paths, keys
  if (/^[a-z0-9:[\]/.%()!&>_\s-]+$/.test(trimmed) && !PT_LETTERS.test(trimmed)) return false; // class lists, css
  return (
    PT_LETTERS.test(trimmed) ||
    READS_AS_WORDS.test(trimmed) ||
    (/\s/.test(trimmed) && /^[A-ZÀ-Ý]/.test(trimmed))
  );
}

function calleeName(node: ts.CallExpression): string {
  return node.expression.getText().replace(/\s/g, "");
}

function insideIgnoredContext(node: ts.Node): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isImportDeclaration(current) || ts.isExportDeclaration(current) || ts.isTypeNode(current))
      return true;
    if (ts.isCallExpression(current)) {
      const name = calleeName(current);
      if (
        TRANSLATING_CALLS.has(name) ||
        name.endsWith(".t") ||
        name.startsWith("z.") ||
        /\.(?:regex|includes|startsWith|endsWith|split|replace|match|test|join)$/.test(name)
      )
        return true;
    }
    if (ts.isJsxAttribute(current)) {
      const attribute = current.name.getText();
      if (NON_TEXT_ATTRIBUTES.has(attribute) || attribute.startsWith("data-")) return true;
      return false;
    }
    if (
      ts.isPropertyAssignment(current) &&
      /^(?:className|queryKey|key|id|path|href|to|variant|icon|type|name|value|accessorKey)$/.test(
        current.name.getText(),
      )
    )
      return true;
    if (ts.isElementAccessExpression(current) || ts.isCaseClause(current)) return true;
    if (ts.isBinaryExpression(current) && /^(?:===|!==|==|!=)$/.test(current.operatorToken.getText()))
      return true;
    if (ts.isJsxElement(current) || ts.isJsxSelfClosingElement(current)) return false;
  }
  return false;
}

export function findUntranslatedInSource(file: string, source: string): Untranslated[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = source.split("\n");
  const found: Untranslated[] = [];
  const report = (node: ts.Node, text: string) => {
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line;
    if (/i18n-ignore/.test(lines[line] ?? "") || /i18n-ignore/.test(lines[line - 1] ?? "")) return;
    found.push({ file, line: line + 1, text: text.trim() });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.getText();
      if (/\p{L}/u.test(text) && !SAME_IN_EVERY_LANGUAGE.has(text.trim())) report(node, text);
    } else if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      if (
        HUMAN_ATTRIBUTES.has(node.name.getText()) &&
        /\p{L}/u.test(node.initializer.text) &&
        !SAME_IN_EVERY_LANGUAGE.has(node.initializer.text)
      ) {
        report(node, node.initializer.text);
      }
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!ts.isJsxAttribute(node.parent) && readsAsText(node.text) && !insideIgnoredContext(node))
        report(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      const pieces = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ");
      if (
        (PT_LETTERS.test(pieces) || /[A-ZÀ-Ý][a-zà-ÿ]+ [a-zà-ÿ]/.test(pieces)) &&
        !insideIgnoredContext(node)
      )
        report(node, node.getText());
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

export function findUntranslated(directory: string): Untranslated[] {
  const found: Untranslated[] = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.(test|d)\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    found.push(...findUntranslatedInSource(file, fs.readFileSync(file, "utf8")));
  }
  return found;
}

// npx tsx client/src/locales/untranslated.ts client/src/features/monitor
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const found = process.argv.slice(2).flatMap((dir) => findUntranslated(dir));
  for (const f of found) console.log(`${f.file}:${f.line}  ${f.text.slice(0, 100)}`);
  console.log(`${found.length} untranslated`);
}
