// Lists the functions longer than the house limit (80 lines) in the code that runs or ships:
// server/, src/, scripts/ and bench/ (tests are not counted). A function may stay longer when a
// comment just before it says why, starting `long-function:` (for example `// long-function: one
// table of cases`); such functions are listed apart and not counted.
//
// `node scripts/long-functions.mjs [--max N] [folders...]` prints `lines  file:line  name` for each,
// longest first, then the count. Exits 0 always: the number is for reading, not a gate yet.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const args = process.argv.slice(2);
const maxIndex = args.indexOf("--max");
const maxLines = maxIndex >= 0 ? Number(args.splice(maxIndex, 2)[1]) : 80;
const roots = args.length > 0 ? args : ["server", "src", "scripts", "bench"];
const extensions = new Set([".ts", ".tsx", ".mts", ".mjs", ".js"]);

function* sourceFiles(folder) {
  for (const entry of readdirSync(folder)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (extensions.has(path.extname(entry)) && !entry.endsWith(".d.ts")) yield full;
  }
}

/** The name a reader would search for: the declaration's, or the variable, property or call it is given to. */
function functionName(node, sourceFile) {
  if (node.name) return node.name.getText(sourceFile);
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(sourceFile);
  }
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(sourceFile).slice(0, 40);
    const firstArgument = parent.arguments[0];
    const label = firstArgument && ts.isStringLiteralLike(firstArgument) ? ` ${firstArgument.text}` : "";
    return `(callback of ${callee}${label})`;
  }
  if (ts.isExportAssignment(parent)) return "(default export)";
  return "(anonymous)";
}

function isFunction(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** A `long-function:` comment in the leading comments of the function or of the statement holding it. */
function saysWhy(node, text) {
  for (let at = node; at && !ts.isSourceFile(at); at = at.parent) {
    const comments = ts.getLeadingCommentRanges(text, at.getFullStart()) ?? [];
    if (comments.some((c) => text.slice(c.pos, c.end).includes("long-function:"))) return true;
    if (ts.isStatement(at) || ts.isClassElement(at)) break;
  }
  return false;
}

const long = [];
const excused = [];
for (const root of roots) {
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, "utf8");
    const kind = file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const visit = (node) => {
      if (isFunction(node) && node.body) {
        const start = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
        const end = sourceFile.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
        const lines = end - start + 1;
        if (lines > maxLines) {
          const found = { lines, where: `${file}:${start}`, name: functionName(node, sourceFile) };
          (saysWhy(node, text) ? excused : long).push(found);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
}

const print = (list) => {
  for (const f of list.sort((a, b) => b.lines - a.lines)) {
    console.log(`${String(f.lines).padStart(5)}  ${f.where}  ${f.name}`);
  }
};
print(long);
if (excused.length > 0) {
  console.log(`\nLonger with a reason given (long-function: comment):`);
  print(excused);
}
console.log(`\n${long.length} functions over ${maxLines} lines in ${roots.join(", ")}`);
