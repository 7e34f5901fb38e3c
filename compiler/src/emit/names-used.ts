/**
 * The names code uses, read by TypeScript's scanner: what a generated module must import from the runtime. Comments,
 * texts (a label may well say "the piece at (2, 3)") and members after a dot are left out.
 */
import { ts } from "ts-morph";

export function namesUsed(code: string): Set<string> {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, code);
  const names = new Set<string>();
  // The brace depth at which each template's `${` opened: its `}` goes back into the template's text.
  const templates: number[] = [];
  let depth = 0;
  let afterDot = false;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    // An identifier, or a word only some places reserve (`from`, `of`, `type`...), a name elsewhere.
    if (scanner.isIdentifier() && !afterDot) names.add(scanner.getTokenText());
    afterDot = token === ts.SyntaxKind.DotToken || token === ts.SyntaxKind.QuestionDotToken;
    if (token === ts.SyntaxKind.TemplateHead) templates.push(depth);
    else if (token === ts.SyntaxKind.OpenBraceToken) depth++;
    else if (token === ts.SyntaxKind.CloseBraceToken) {
      if (templates.length > 0 && templates[templates.length - 1] === depth) {
        if (scanner.reScanTemplateToken(false) === ts.SyntaxKind.TemplateTail) templates.pop();
      } else depth--;
    }
  }
  return names;
}
