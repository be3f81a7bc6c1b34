import { DiagnosticSeverity } from 'vscode-languageserver-types';

/**
 * The registry of diagnostic codes: every code the Pearl language service reports, with its default
 * severity, its group, a one-line summary, the section of docs/interface.md or docs/rulings.md it
 * comes from, and its entry in docs/rules.md (generated from this registry by `npm run docs:rules`).
 *
 * Codes never change meaning once published: editors, CI filters and quick fixes key on them.
 * Severity follows docs/rulings.md § Error only where the service would reject: Error only where
 * the service would reject the request.
 */
export const DiagnosticCode = {
  // syntax
  syntax: 'syntax',
  trailingComma: 'trailing-comma',
  kindUnknown: 'kind-unknown',
  rootNotObject: 'root-not-object',
  duplicateKey: 'duplicate-key',

  // schema
  unknownProperty: 'unknown-property',
  sessionScopedInText: 'session-scoped-in-text',
  wrongType: 'wrong-type',
  enumValue: 'enum-value',
  modelTypeKind: 'model-type-kind',
  int32Range: 'int32-range',
  maxLength: 'max-length',
  maxItems: 'max-items',
  labelIdFormat: 'label-id-format',
  variableIdFormat: 'variable-id-format',

  // field rules
  channelMissing: 'channel-missing',
  channelBoth: 'channel-both',
  textChannelIdMissing: 'text-channel-id-missing',
  labelIdDuplicate: 'label-id-duplicate',
  labelColorDuplicate: 'label-color-duplicate',
  labelIdUnknown: 'label-id-unknown',
  variableIdDuplicate: 'variable-id-duplicate',
  variablePostCallDeclared: 'variable-postcall-declared',
  apiPropertyVariableAndValue: 'api-property-variable-and-value',
  apiPropertyValueMissing: 'api-property-value-missing',
  apiBodyNotAllowed: 'api-body-not-allowed',
  nodeSettingsMissing: 'node-settings-missing',
  nodeSettingsOtherType: 'node-settings-other-type',
  handOffActionMisplaced: 'handoff-action-misplaced',
  postCallActionsMisplaced: 'post-call-actions-misplaced',
  nestedNodeType: 'nested-node-type',
  nestedNodeNotFireAndForget: 'nested-node-not-fire-and-forget',
  transferTriggerMissing: 'transfer-trigger-missing',
  transferTriggerNotAllowed: 'transfer-trigger-not-allowed',
  callingHoursOrder: 'calling-hours-order',
  callingHoursOverlap: 'calling-hours-overlap',
  dateSpanFormat: 'date-span-format',
  timeZone: 'time-zone',
  countBelowMinimum: 'count-below-minimum',
  followUpAfterClose: 'follow-up-after-close',

  // graph
  graphEntryMissing: 'graph-entry-missing',
  graphOpeningCount: 'graph-opening-count',
  graphPreCallCount: 'graph-precall-count',
  graphEndCallCount: 'graph-endcall-count',
  graphCannotReachEnd: 'graph-cannot-reach-end',
  graphNoIncoming: 'graph-no-incoming',
  graphUnreachable: 'graph-unreachable',
  graphApiResultMissing: 'graph-api-result-missing',
  graphApiResultDuplicate: 'graph-api-result-duplicate',
  graphPreCallTarget: 'graph-precall-target',
  graphOpeningNotTargeted: 'graph-opening-not-targeted',
  apiResultMisplaced: 'api-result-misplaced',
  unknownTarget: 'unknown-target',
  targetOutsideGraph: 'target-outside-graph',
  nodeIdDuplicate: 'node-id-duplicate',
  nodeIdMissing: 'node-id-missing',
  transitionNameDuplicate: 'transition-name-duplicate',
  voiceOnlyNode: 'voice-only-node',

  // variables
  variableUndeclared: 'variable-undeclared',
  variableGroupNotAllowed: 'variable-group-not-allowed',
  variableNotYetCollected: 'variable-not-yet-collected',
  generalInstructionsVariable: 'general-instructions-variable',
} as const;

/** One of the stable diagnostic codes of {@link DiagnosticCode}. */
export type DiagnosticCode = (typeof DiagnosticCode)[keyof typeof DiagnosticCode];

/** The groups of the registry, in the order the documentation lists them. */
export type DiagnosticGroup = 'syntax' | 'schema' | 'field rules' | 'graph' | 'variables';

/** A heading of docs/interface.md or docs/rulings.md that a rule comes from. */
export interface DiagnosticSection {
  /** The document: `interface` is docs/interface.md, `rulings` is docs/rulings.md. */
  readonly document: 'interface' | 'rulings';
  /** The heading's text, exactly as written in the document. */
  readonly heading: string;
}

/** The registry entry of one diagnostic code. */
export interface DiagnosticRule {
  /** The severity every diagnostic of this code has, unless its rule names an override. */
  readonly severity: DiagnosticSeverity;
  readonly group: DiagnosticGroup;
  /** One line, plain text with Markdown code spans: what the code reports. */
  readonly summary: string;
  readonly section: DiagnosticSection;
  /** Where a ruling gives some diagnostics of this code another severity. */
  readonly severityOverride?: SeverityOverride;
}

/** Another severity for some diagnostics of a code, as a ruling decides. */
export interface SeverityOverride {
  readonly severity: DiagnosticSeverity;
  /** When it applies, completing "Warning …" (e.g. "while a node has no nodeId"). */
  readonly when: string;
  /** Why, in one sentence. */
  readonly why: string;
}

const interfaceSection = (heading: string): DiagnosticSection => ({ document: 'interface', heading });
const rulingsSection = (heading: string): DiagnosticSection => ({ document: 'rulings', heading });

/** The registry: one entry per code, in the order of {@link DiagnosticCode}. */
export const diagnosticRules: { readonly [C in DiagnosticCode]: DiagnosticRule } = {
  syntax: {
    severity: DiagnosticSeverity.Error,
    group: 'syntax',
    summary:
      'The text is not valid JSON (with comments); message says what the parser expected. Also: nested more than 1,000 levels deep (then nothing else is checked).',
    section: rulingsSection('One file, one request body'),
  },
  'trailing-comma': {
    severity: DiagnosticSeverity.Warning,
    group: 'syntax',
    summary: 'A trailing comma: tolerated while authoring, removed when sent.',
    section: rulingsSection('Comments and trailing commas'),
  },
  'kind-unknown': {
    severity: DiagnosticSeverity.Information,
    group: 'syntax',
    summary: 'Neither `$schema` nor content tells the kind; treated as text.',
    section: rulingsSection('Which create request a file is'),
  },
  'root-not-object': {
    severity: DiagnosticSeverity.Error,
    group: 'syntax',
    summary: 'The root value is not a JSON object.',
    section: rulingsSection('One file, one request body'),
  },
  'duplicate-key': {
    severity: DiagnosticSeverity.Error,
    group: 'syntax',
    summary:
      'A key set again in the same object, on each later occurrence: the service would receive only one value; every rule, hover, the graph and the deploy body read the last one, which is what `JSON.parse` keeps.',
    section: rulingsSection('Duplicate keys'),
  },
  'unknown-property': {
    severity: DiagnosticSeverity.Error,
    group: 'schema',
    summary: 'A property outside those the interface lists for that object.',
    section: interfaceSection('Resources and their fields'),
  },
  'session-scoped-in-text': {
    severity: DiagnosticSeverity.Error,
    group: 'schema',
    summary: '`isSessionScoped` on a variable of a text Pearl (only in the simple request).',
    section: interfaceSection('DataSettings'),
  },
  'wrong-type': {
    severity: DiagnosticSeverity.Error,
    group: 'schema',
    summary: 'A value of the wrong JSON type.',
    section: interfaceSection('Resources and their fields'),
  },
  'enum-value': {
    severity: DiagnosticSeverity.Error,
    group: 'schema',
    summary: 'An integer outside the values of its enumeration.',
    section: interfaceSection('Enumerations'),
  },
  'model-type-kind': {
    severity: DiagnosticSeverity.Error,
    group: 'schema',
    summary: 'modelType of the other kind (voice model in a text Pearl, or Swan in a simple Pearl).',
    section: interfaceSection('modelType values'),
  },
  'int32-range': {
    severity: DiagnosticSeverity.Error,
    group: 'schema',
    summary: 'An integer outside the signed 32-bit range.',
    section: rulingsSection('Integers and counts'),
  },
  'max-length': {
    severity: DiagnosticSeverity.Error,
    group: 'schema',
    summary: 'A string longer than its limit ("agentPersonality is 41 characters; the limit is 35").',
    section: interfaceSection('Limits'),
  },
  'max-items': {
    severity: DiagnosticSeverity.Error,
    group: 'schema',
    summary: 'An array with more entries than its limit (10 indicator tags, 10 recipients), on the first entry past it.',
    section: interfaceSection('Limits'),
  },
  'label-id-format': {
    severity: DiagnosticSeverity.Error,
    group: 'schema',
    summary: 'A CallLabel id that is not exactly 6 letters.',
    section: rulingsSection('Indicator tag ids'),
  },
  'variable-id-format': {
    severity: DiagnosticSeverity.Error,
    group: 'schema',
    summary: 'A DataSettings id with characters outside A-Z a-z 0-9 _ -.',
    section: interfaceSection('DataSettings'),
  },
  'channel-missing': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'Neither inbound nor outbound is present.',
    section: interfaceSection('Resources and their fields'),
  },
  'channel-both': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'Both inbound and outbound are present (on the one written second).',
    section: interfaceSection('Resources and their fields'),
  },
  'text-channel-id-missing': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary:
      "A text Pearl's inbound or outbound without a textChannelId: on the channel's key when absent, on the value when null or empty (§ POST /v2/Pearl/Text).",
    section: rulingsSection('Text channel id'),
  },
  'label-id-duplicate': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'Two indicator tags share an id.',
    section: interfaceSection('CallLabel'),
  },
  'label-color-duplicate': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'Two indicator tags share a color.',
    section: rulingsSection('Indicator tag colors'),
  },
  'label-id-unknown': {
    severity: DiagnosticSeverity.Warning,
    group: 'field rules',
    summary: 'A notification names an indicator tag id not defined in pearl.indicatorTags.',
    section: interfaceSection('CallLabel'),
  },
  'variable-id-duplicate': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'Two variables share an id.',
    section: rulingsSection('Declared variables'),
  },
  'variable-postcall-declared': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'A variable declared with group 3 (PostCall), which the API cannot create.',
    section: interfaceSection('DataSettings'),
  },
  'api-property-variable-and-value': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'An APIDataSchemaProperty with variableId and also type or value.',
    section: interfaceSection('APIDataSchemaProperty'),
  },
  'api-property-value-missing': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'An APIDataSchemaProperty with neither variableId nor type and value.',
    section: interfaceSection('APIDataSchemaProperty'),
  },
  'api-body-not-allowed': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'A non-empty body on a GET or DELETE call.',
    section: interfaceSection('NodeAPISettings'),
  },
  'node-settings-missing': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'The settings object matching nodeType is missing (graph rule 7).',
    section: interfaceSection('Graph rules'),
  },
  'node-settings-other-type': {
    severity: DiagnosticSeverity.Warning,
    group: 'field rules',
    summary: 'A settings object for another node type.',
    section: interfaceSection('Node'),
  },
  'handoff-action-misplaced': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'handOffAction on a node that is not HandoffChatToHuman.',
    section: interfaceSection('Node'),
  },
  'post-call-actions-misplaced': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'postCallActions on a node that is not PostCallActions.',
    section: interfaceSection('Node'),
  },
  'nested-node-type': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'A nested action that is not SMS, Email or API (graph rule 6).',
    section: interfaceSection('Graph rules'),
  },
  'nested-node-not-fire-and-forget': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'A nested action with transitions or nested lists (graph rule 6).',
    section: interfaceSection('Graph rules'),
  },
  'transfer-trigger-missing': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'TransferCall triggerDescription missing where required.',
    section: interfaceSection('TransferCallSettings'),
  },
  'transfer-trigger-not-allowed': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'TransferCall triggerDescription on a node reached by transitions.',
    section: interfaceSection('TransferCallSettings'),
  },
  'calling-hours-order': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'A callingHours window whose start is not before its end.',
    section: interfaceSection('DayWorkingHours'),
  },
  'calling-hours-overlap': {
    severity: DiagnosticSeverity.Warning,
    group: 'field rules',
    summary: 'Two callingHours windows on the same day overlap.',
    section: interfaceSection('DayWorkingHours'),
  },
  'date-span-format': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'A date-span that is not hh:mm or hh:mm:ss within one day.',
    section: rulingsSection('Date spans'),
  },
  'time-zone': {
    severity: DiagnosticSeverity.Error,
    group: 'field rules',
    summary: 'A timeZone that is not a Windows time-zone id (quick fix from an IANA id).',
    section: rulingsSection('Time zone ids'),
  },
  'count-below-minimum': {
    severity: DiagnosticSeverity.Warning,
    group: 'field rules',
    summary: 'A count that cannot sensibly be negative or zero.',
    section: rulingsSection('Integers and counts'),
  },
  'follow-up-after-close': {
    severity: DiagnosticSeverity.Warning,
    group: 'field rules',
    summary: 'An inactivity follow-up that fires after the conversation auto-closes.',
    section: interfaceSection('InboundTextSettings'),
  },
  'graph-entry-missing': {
    severity: DiagnosticSeverity.Error,
    group: 'graph',
    summary: 'No OpeningSentence and no PreCallAPI node (rule 2).',
    section: interfaceSection('Graph rules'),
  },
  'graph-opening-count': {
    severity: DiagnosticSeverity.Error,
    group: 'graph',
    summary: 'Wrong number of OpeningSentence nodes (rule 2).',
    section: interfaceSection('Graph rules'),
  },
  'graph-precall-count': {
    severity: DiagnosticSeverity.Error,
    group: 'graph',
    summary: 'More than one PreCallAPI node (rule 2).',
    section: interfaceSection('Graph rules'),
  },
  'graph-endcall-count': {
    severity: DiagnosticSeverity.Error,
    group: 'graph',
    summary: 'Not exactly one EndCall node (rule 3).',
    section: interfaceSection('Graph rules'),
  },
  'graph-cannot-reach-end': {
    severity: DiagnosticSeverity.Error,
    group: 'graph',
    summary: 'A node reachable from the entry with no path to EndCall (rule 3).',
    section: rulingsSection('Every path reaches EndCall'),
  },
  'graph-no-incoming': {
    severity: DiagnosticSeverity.Error,
    group: 'graph',
    summary: 'A non-start node with no incoming transition (rule 4).',
    section: interfaceSection('Graph rules'),
  },
  'graph-unreachable': {
    severity: DiagnosticSeverity.Warning,
    group: 'graph',
    summary: 'A node with incoming transitions that the entry never reaches.',
    section: rulingsSection('Nodes outside the path rules'),
  },
  'graph-api-result-missing': {
    severity: DiagnosticSeverity.Error,
    group: 'graph',
    summary: 'A PreCallAPI transition without apiResult (rule 5).',
    section: interfaceSection('Graph rules'),
  },
  'graph-api-result-duplicate': {
    severity: DiagnosticSeverity.Error,
    group: 'graph',
    summary: 'Two PreCallAPI transitions with the same apiResult.',
    section: rulingsSection('PreCallAPI branches'),
  },
  'graph-precall-target': {
    severity: DiagnosticSeverity.Error,
    group: 'graph',
    summary: 'A PreCallAPI transition that does not lead to an OpeningSentence (rule 5).',
    section: interfaceSection('Graph rules'),
  },
  'graph-opening-not-targeted': {
    severity: DiagnosticSeverity.Error,
    group: 'graph',
    summary: 'With a PreCallAPI node, an OpeningSentence that no PreCallAPI transition targets.',
    section: rulingsSection('PreCallAPI branches'),
  },
  'api-result-misplaced': {
    severity: DiagnosticSeverity.Error,
    group: 'graph',
    summary: 'apiResult on a transition of a node that is not PreCallAPI.',
    section: interfaceSection('Transition'),
  },
  'unknown-target': {
    severity: DiagnosticSeverity.Error,
    group: 'graph',
    summary:
      'toNodeId names no node. While a node has no nodeId, the path rules take such a toNodeId as possibly leading to each node without one (no Error follows from that).',
    section: rulingsSection('Nodes without a nodeId'),
    severityOverride: {
      severity: DiagnosticSeverity.Warning,
      when: 'while a node has no nodeId',
      why: "the toNodeId may match the id the service derives from that node's name, which cannot be checked.",
    },
  },
  'target-outside-graph': {
    severity: DiagnosticSeverity.Error,
    group: 'graph',
    summary:
      'toNodeId names a PostCallActions container or a nested action (handOffAction, postCallActions), which are not part of the graph.',
    section: rulingsSection('Containers are not targets'),
  },
  'node-id-duplicate': {
    severity: DiagnosticSeverity.Error,
    group: 'graph',
    summary: 'Two nodes share a nodeId.',
    section: interfaceSection('Node'),
  },
  'node-id-missing': {
    severity: DiagnosticSeverity.Warning,
    group: 'graph',
    summary: 'A node without nodeId: its derived id cannot be checked.',
    section: rulingsSection('Nodes without a nodeId'),
  },
  'transition-name-duplicate': {
    severity: DiagnosticSeverity.Error,
    group: 'graph',
    summary: 'Two transitions of one node share a name.',
    section: interfaceSection('Transition'),
  },
  'voice-only-node': {
    severity: DiagnosticSeverity.Error,
    group: 'graph',
    summary: 'A voice-only node type (TransferCall, StartCallRecording) in a text Pearl.',
    section: rulingsSection('Voice-only nodes'),
  },
  'variable-undeclared': {
    severity: DiagnosticSeverity.Warning,
    group: 'variables',
    summary: 'A `{id}` reference to an undeclared variable (may be a platform variable; not reported inside PostCallActions).',
    section: rulingsSection('Undeclared references'),
  },
  'variable-group-not-allowed': {
    severity: DiagnosticSeverity.Error,
    group: 'variables',
    summary: 'A declared variable whose group the field does not accept (PreCallAPI endpointUrl: PreCall only, ...).',
    section: rulingsSection('Groups per field'),
  },
  'variable-not-yet-collected': {
    severity: DiagnosticSeverity.Warning,
    group: 'variables',
    summary: 'An InCall variable in an opening sentence, not yet collected when it is sent.',
    section: rulingsSection('Groups per field'),
  },
  'general-instructions-variable': {
    severity: DiagnosticSeverity.Error,
    group: 'variables',
    summary: 'A variable reference in generalInstructions, which must not contain variables.',
    section: interfaceSection('Variables and (V) fields'),
  },
};

/**
 * Where docs/rules.md is published: the `codeDescription.href` of a diagnostic is this address
 * followed by `#` and its code (each code is a heading of that page).
 */
export const rulesDocumentUrl = 'https://github.com/pearl-tools/pearl-language-tools/blob/main/docs/rules.md';

/** The documentation address of `code`: its entry in docs/rules.md. */
export function ruleDocumentationHref(code: DiagnosticCode): string {
  return `${rulesDocumentUrl}#${code}`;
}
