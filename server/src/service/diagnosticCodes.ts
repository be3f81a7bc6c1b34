/**
 * The stable `code` of every diagnostic the Pearl language service reports. Codes never change
 * meaning once published: editors, CI filters and quick fixes key on them. Each diagnostic also
 * carries `source: "pearl"`.
 *
 * Severity follows DECISIONS.md § Severity: Error only where the service would reject the request.
 */
export const DiagnosticCode = {
  // syntax (DECISIONS.md § Files)
  /** The text is not valid JSON (with comments); message says what the parser expected. */
  syntax: 'syntax',
  /** A trailing comma: tolerated while authoring, removed when sent (Warning). */
  trailingComma: 'trailing-comma',
  /** Neither `$schema` nor content tells the kind; treated as text (Information). */
  kindUnknown: 'kind-unknown',
  /** The root value is not a JSON object. */
  rootNotObject: 'root-not-object',
  /** A key set again in the same object: only one value would be received (on each later occurrence). */
  duplicateKey: 'duplicate-key',

  // schema (pearl-agent-service.md § Resources and their fields, § Limits)
  /** A property outside those the interface lists for that object. */
  unknownProperty: 'unknown-property',
  /** `isSessionScoped` on a variable of a text Pearl (only in the simple request). */
  sessionScopedInText: 'session-scoped-in-text',
  /** A value of the wrong JSON type. */
  wrongType: 'wrong-type',
  /** An integer outside the values of its enumeration. */
  enumValue: 'enum-value',
  /** modelType of the other kind (voice model in a text Pearl, or Swan in a simple Pearl). */
  modelTypeKind: 'model-type-kind',
  /** An integer outside the signed 32-bit range. */
  int32Range: 'int32-range',
  /** A string longer than its limit. */
  maxLength: 'max-length',
  /** An array with more entries than its limit. */
  maxItems: 'max-items',
  /** A CallLabel id that is not exactly 6 letters. */
  labelIdFormat: 'label-id-format',
  /** A DataSettings id with characters outside A-Z a-z 0-9 _ -. */
  variableIdFormat: 'variable-id-format',

  // field rules (pearl-agent-service.md § Resources and their fields; DECISIONS.md § Values)
  /** Neither inbound nor outbound is present. */
  channelMissing: 'channel-missing',
  /** Both inbound and outbound are present. */
  channelBoth: 'channel-both',
  /** A text Pearl's inbound or outbound without a textChannelId (absent, null or empty). */
  textChannelIdMissing: 'text-channel-id-missing',
  /** Two indicator tags share an id. */
  labelIdDuplicate: 'label-id-duplicate',
  /** Two indicator tags share a color. */
  labelColorDuplicate: 'label-color-duplicate',
  /** A notification names an indicator tag id not defined in pearl.indicatorTags. */
  labelIdUnknown: 'label-id-unknown',
  /** Two variables share an id. */
  variableIdDuplicate: 'variable-id-duplicate',
  /** A variable declared with group 3 (PostCall), which the API cannot create. */
  variablePostCallDeclared: 'variable-postcall-declared',
  /** An APIDataSchemaProperty with variableId and also type or value. */
  apiPropertyVariableAndValue: 'api-property-variable-and-value',
  /** An APIDataSchemaProperty with neither variableId nor type and value. */
  apiPropertyValueMissing: 'api-property-value-missing',
  /** A non-empty body on a GET or DELETE call. */
  apiBodyNotAllowed: 'api-body-not-allowed',
  /** The settings object matching nodeType is missing (graph rule 7). */
  nodeSettingsMissing: 'node-settings-missing',
  /** A settings object for another node type (Warning: ignored by the service). */
  nodeSettingsOtherType: 'node-settings-other-type',
  /** handOffAction on a node that is not HandoffChatToHuman. */
  handOffActionMisplaced: 'handoff-action-misplaced',
  /** postCallActions on a node that is not PostCallActions. */
  postCallActionsMisplaced: 'post-call-actions-misplaced',
  /** A nested action that is not SMS, Email or API (graph rule 6). */
  nestedNodeType: 'nested-node-type',
  /** A nested action with transitions or nested lists (graph rule 6). */
  nestedNodeNotFireAndForget: 'nested-node-not-fire-and-forget',
  /** TransferCall triggerDescription missing where required. */
  transferTriggerMissing: 'transfer-trigger-missing',
  /** TransferCall triggerDescription on a node reached by transitions. */
  transferTriggerNotAllowed: 'transfer-trigger-not-allowed',
  /** A callingHours window whose start is not before its end. */
  callingHoursOrder: 'calling-hours-order',
  /** Two callingHours windows on the same day overlap (Warning). */
  callingHoursOverlap: 'calling-hours-overlap',
  /** A date-span that is not hh:mm or hh:mm:ss within one day. */
  dateSpanFormat: 'date-span-format',
  /** A timeZone that is not a Windows time-zone id. */
  timeZone: 'time-zone',
  /** A count that cannot sensibly be negative or zero (Warning). */
  countBelowMinimum: 'count-below-minimum',
  /** An inactivity follow-up that fires after the conversation auto-closes (Warning). */
  followUpAfterClose: 'follow-up-after-close',

  // graph (pearl-agent-service.md § Node, Graph rules; DECISIONS.md § Graph)
  /** No OpeningSentence and no PreCallAPI node (rule 2). */
  graphEntryMissing: 'graph-entry-missing',
  /** Wrong number of OpeningSentence nodes (rule 2). */
  graphOpeningCount: 'graph-opening-count',
  /** More than one PreCallAPI node (rule 2). */
  graphPreCallCount: 'graph-precall-count',
  /** Not exactly one EndCall node (rule 3). */
  graphEndCallCount: 'graph-endcall-count',
  /** A node reachable from the entry with no path to EndCall (rule 3). */
  graphCannotReachEnd: 'graph-cannot-reach-end',
  /** A non-start node with no incoming transition (rule 4). */
  graphNoIncoming: 'graph-no-incoming',
  /** A node with incoming transitions that the entry never reaches (Warning). */
  graphUnreachable: 'graph-unreachable',
  /** A PreCallAPI transition without apiResult (rule 5). */
  graphApiResultMissing: 'graph-api-result-missing',
  /** Two PreCallAPI transitions with the same apiResult. */
  graphApiResultDuplicate: 'graph-api-result-duplicate',
  /** A PreCallAPI transition that does not lead to an OpeningSentence (rule 5). */
  graphPreCallTarget: 'graph-precall-target',
  /** With a PreCallAPI node, an OpeningSentence that no PreCallAPI transition targets. */
  graphOpeningNotTargeted: 'graph-opening-not-targeted',
  /** apiResult on a transition of a node that is not PreCallAPI. */
  apiResultMisplaced: 'api-result-misplaced',
  /** toNodeId names no node. */
  unknownTarget: 'unknown-target',
  /** toNodeId names a PostCallActions container or a nested action, which are not part of the graph. */
  targetOutsideGraph: 'target-outside-graph',
  /** Two nodes share a nodeId. */
  nodeIdDuplicate: 'node-id-duplicate',
  /** A node without nodeId: its derived id cannot be checked (Warning). */
  nodeIdMissing: 'node-id-missing',
  /** Two transitions of one node share a name. */
  transitionNameDuplicate: 'transition-name-duplicate',
  /** A voice-only node type (TransferCall, StartCallRecording) in a text Pearl. */
  voiceOnlyNode: 'voice-only-node',

  // variables (pearl-agent-service.md § Resources (V); DECISIONS.md § Variables)
  /** A `{id}` reference to an undeclared variable (Warning: may be a platform variable). */
  variableUndeclared: 'variable-undeclared',
  /** A declared variable whose group the field does not accept. */
  variableGroupNotAllowed: 'variable-group-not-allowed',
  /** An InCall variable in an opening sentence, not yet collected when it is sent (Warning). */
  variableNotYetCollected: 'variable-not-yet-collected',
  /** A variable reference in generalInstructions, which must not contain variables. */
  generalInstructionsVariable: 'general-instructions-variable',
} as const;

/** One of the stable diagnostic codes of {@link DiagnosticCode}. */
export type DiagnosticCode = (typeof DiagnosticCode)[keyof typeof DiagnosticCode];
