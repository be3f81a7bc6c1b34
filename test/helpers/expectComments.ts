/**
 * The `// expect: <code> (<Severity>) - why` comments of examples/broken/: each announces a
 * diagnostic starting on one of the next {@link expectReach} lines (the same rule as
 * test/cli/brokenExamples.test.ts holds the service to them; test/e2e/suite/diagnostics.e2e.ts holds the editor).
 */
export interface ExpectComment {
  /** 0-based line of the comment. */
  readonly line: number;
  readonly code: string;
  /** LSP severity: 1 Error, 2 Warning, 3 Information, 4 Hint. */
  readonly severity: number;
}

/** How many lines below its comment an announced diagnostic may start. */
export const expectReach = 4;

const severities: Record<string, number> = { Error: 1, Warning: 2, Information: 3, Hint: 4 };
const expectPattern = /\/\/\s*expect:\s*([a-z0-9-]+)\s*\((Error|Warning|Information|Hint)\)/g;

/** Every expect comment of `text`, in order. */
export function findExpectComments(text: string): ExpectComment[] {
  const found: ExpectComment[] = [];
  text.split('\n').forEach((lineText, line) => {
    for (const match of lineText.matchAll(expectPattern)) found.push({ line, code: match[1], severity: severities[match[2]] });
  });
  return found;
}

/** A diagnostic as far as the expect comments are concerned (LSP severity, 0-based start line). */
export interface ShownDiagnostic {
  readonly code: string;
  readonly severity: number;
  readonly line: number;
  readonly message: string;
}

/**
 * Holds `shown` against `comments`: returns the comments no diagnostic meets and the Errors and
 * Warnings no comment announces, each as `line: code` (1-based lines); an Information or Hint may
 * be announced too, but need not be. A diagnostic
 * meets the nearest comment above it, within reach, with its code and severity.
 */
export function compareWithExpectComments(
  comments: readonly ExpectComment[],
  shown: readonly ShownDiagnostic[],
): { unmet: string[]; unannounced: string[] } {
  const met = new Set<ExpectComment>();
  const unannounced: string[] = [];
  for (const diagnostic of shown) {
    const comment = comments
      .filter(
        (candidate) =>
          candidate.code === diagnostic.code &&
          candidate.severity === diagnostic.severity &&
          diagnostic.line > candidate.line &&
          diagnostic.line <= candidate.line + expectReach,
      )
      .pop();
    if (comment) met.add(comment);
    else if (diagnostic.severity <= 2)
      unannounced.push(`${diagnostic.line + 1}: ${diagnostic.code} (severity ${diagnostic.severity}) ${diagnostic.message}`);
  }
  const unmet = comments.filter((comment) => !met.has(comment)).map((comment) => `${comment.line + 1}: ${comment.code}`);
  return { unmet, unannounced };
}
