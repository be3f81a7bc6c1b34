import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { rulesDocumentUrl } from '../rules/ruleModule';

/**
 * The diagnostic codes of walks files (`*.walks.json`, docs/user/walks.md § Diagnostics), as a rule
 * module carries its codes' metadata beside its check (rules/ruleModule.ts). Walks files belong to
 * the product, not to the service (docs/rulings.md § Walks): Error where the walk fails, Warning
 * where it passes but is very likely wrong. These codes are not in the Pearl registry
 * (rules/diagnosticCodes.ts): a `.pearlrc.json` does not tune them, and docs/rules.md lists them in
 * their own section.
 */

/**
 * Most diagnostics one walks file reports (docs/user/walks.md § Diagnostics), as ESLint's editor integrations
 * bound a file's problems: beyond it, the others are counted in one more diagnostic,
 * `walk-too-many-problems`, an Error when one of them is an Error, so a failed walk is never hidden.
 */
export const maxWalksFileDiagnostics = 1000;

/** What the walks module writes for one code. */
export interface WalkRule {
  /** The stable code (`walk-take-unknown`). */
  readonly code: string;
  readonly severity: DiagnosticSeverity;
  /** One line, plain text with Markdown code spans. */
  readonly summary: string;
  /** An example step (JSON with comments) that is reported. */
  readonly example: string;
  /** Its entry in docs/rules.md: the `codeDescription.href` of its diagnostics. */
  readonly href: string;
}

const rule = (code: string, severity: DiagnosticSeverity, summary: string, example: string): WalkRule => ({
  code,
  severity,
  summary,
  example,
  href: `${rulesDocumentUrl}#${code}`,
});

/** Every walks-file code by name, in the order docs/rules.md lists them. */
export const walkRules = {
  fileInvalid: rule(
    'walk-file-invalid',
    DiagnosticSeverity.Error,
    'The walks file is not valid JSON (with comments), or not an object with `pearl` (a string) and `walks` (an array of walks with a `name` and `steps`).',
    '{ "pearl": "booking.pearl.json", "walks": {} }',
  ),
  pearlUnresolved: rule(
    'walk-pearl-unresolved',
    DiagnosticSeverity.Error,
    'The `pearl` path, relative to the walks file, names no readable `*.pearl.json` file.',
    '"pearl": "bookng.pearl.json"',
  ),
  pearlOutside: rule(
    'walk-pearl-outside',
    DiagnosticSeverity.Error,
    'The `pearl` path leaves the workspace folder: `..` past it, an absolute path, a URL, backslashes, or a symbolic link to a file outside. Nothing of that file is read.',
    '"pearl": "../../secrets/other.pearl.json"',
  ),
  cannotStart: rule(
    'walk-cannot-start',
    DiagnosticSeverity.Error,
    'The Pearl cannot be walked: it is a simple Pearl (no graph), or it has no PreCallAPI or OpeningSentence node.',
    '"pearl": "voice.pearl.json" // a simple Pearl',
  ),
  stepInvalid: rule(
    'walk-step-invalid',
    DiagnosticSeverity.Error,
    'A step that is not exactly one of `take` (a string), `set` (an object), `response` (with an integer `status`) or `expect` (an object).',
    '{ "take": "Details collected", "set": { "party_size": "4" } }',
  ),
  takeUnknown: rule(
    'walk-take-unknown',
    DiagnosticSeverity.Error,
    'A `take` that names no transition of the node the walk stands at (or a PreCallAPI response with no Success or Failure transition to take).',
    '{ "take": "Customer wants to book" } // the node has "Customer wants to book a table"',
  ),
  takeNoTarget: rule(
    'walk-take-no-target',
    DiagnosticSeverity.Error,
    'A `take` whose transition leads to no node of the graph (its `toNodeId` names none).',
    '{ "take": "Details collected" } // "toNodeId": "confrm"',
  ),
  responseMisplaced: rule(
    'walk-response-misplaced',
    DiagnosticSeverity.Error,
    'A `response` at a node that sends no request (only API and PreCallAPI nodes do).',
    '{ "response": { "status": 200 } } // at a Dialogue node',
  ),
  expectFailed: rule(
    'walk-expect-failed',
    DiagnosticSeverity.Error,
    'An `expect` that does not hold: another node, a script without the text, or another request method, URL or body.',
    '{ "expect": { "node": "confirm" } } // the walk is at "ask_size"',
  ),
  notEnded: rule(
    'walk-not-ended',
    DiagnosticSeverity.Error,
    '`"end": true` on a walk whose steps stop before the EndCall node.',
    '"end": true // the last step leaves the walk at a Dialogue node',
  ),
  variableUndeclared: rule(
    'walk-variable-undeclared',
    DiagnosticSeverity.Warning,
    'An id in `variables` or `set` that the Pearl does not declare.',
    '{ "set": { "party_sise": "4" } }',
  ),
  variablePostCall: rule(
    'walk-variable-postcall',
    DiagnosticSeverity.Warning,
    'A PostCall variable in `variables` or `set`: it has no value before the conversation ends, so the walk ignores it.',
    '{ "set": { "call_summary": "Booked" } }',
  ),
  valueUnknown: rule(
    'walk-value-unknown',
    DiagnosticSeverity.Warning,
    'A declared `{variable}` used at a node the walk reaches where no value is known yet (not in `variables`, not set, not mapped from a response).',
    '{ "take": "Greet" } // the script says "Hi {customer_name}" and no step gave customer_name',
  ),
  valueType: rule(
    'walk-value-type',
    DiagnosticSeverity.Warning,
    "A value in `variables` or `set` that is not of its variable's `type`: a Long or Double that is no number, a Boolean other than `true` or `false`, a date or time not written as ISO 8601.",
    '{ "set": { "party_size": "four" } } // party_size is a Long variable',
  ),
  tooManyProblems: rule(
    'walk-too-many-problems',
    DiagnosticSeverity.Error,
    // Not toLocaleString: loading ICU's number formats at start-up costs every process about 10 ms.
    `A walks file with more than ${String(maxWalksFileDiagnostics).replace(/\B(?=(\d{3})+$)/g, ',')} problems: the others are not shown but counted here, on \`walks\` (an Error when one of them is an Error, else a Warning).`,
    '"walks": [ /* 2,000 walks, each taking a transition the Pearl does not have */ ]',
  ),
} as const;

/** The codes by name (`WalkCode.takeUnknown` is `'walk-take-unknown'`). */
export const WalkCode = Object.fromEntries(Object.entries(walkRules).map(([name, entry]) => [name, entry.code])) as {
  readonly [K in keyof typeof walkRules]: string;
};

const rulesByCode: ReadonlyMap<string, WalkRule> = new Map(Object.values(walkRules).map((entry) => [entry.code, entry]));

/** The walks rule of `code`, or undefined. */
export function findWalkRule(code: string | undefined): WalkRule | undefined {
  return code === undefined ? undefined : rulesByCode.get(code);
}
