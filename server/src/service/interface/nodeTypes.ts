import { NodeType, VariableGroup } from '../document/pearlDocument';

/**
 * The interface's table of node types (docs/interface.md § Node types, § Node, § Graph rules) and of
 * variable groups (§ DataSettings), with what the rules, the quick fixes, completion and the graph
 * edits need to know about each: the one place these facts are written. Rules and features read
 * the table; none keeps its own list of node types.
 */

/** A settings object of a node (§ Node): the property that holds it. */
export type SettingsProperty = 'apiSettings' | 'smsSettings' | 'emailSettings' | 'transferCallSettings';

/** The nested lists of a node (§ Node: "Only on a HandoffChatToHuman node", "Only on a PostCallActions node"). */
export type NestedList = 'handOffAction' | 'postCallActions';

/**
 * A node's own text the agent reads at it (§ Node): `script`, "the script of an OpeningSentence or
 * Dialogue node", and `instructions`, "extra guidance for the agent at this node".
 */
export type NodeText = 'script' | 'instructions';

/** The settings object a node type requires (graph rule 7), with the skeleton a new one starts from. */
export interface NodeSettingsFacts {
  readonly property: SettingsProperty;
  /**
   * The object the quick fix `node-settings-missing` and a graph edit adding a node insert: the
   * main fields, empty. Never mutated; a caller that changes its copy clones it first.
   */
  readonly skeleton: Readonly<Record<string, unknown>>;
}

/** What the interface says about one node type. */
export interface NodeTypeFacts {
  readonly nodeType: NodeType;
  /** The name the interface gives the type (`PreCallAPI`). */
  readonly name: string;
  /** The settings object the type requires, if any (§ Node types, "Settings object"; graph rule 7). */
  readonly settings?: NodeSettingsFacts;
  /** The nested list only this type may carry (§ Node). */
  readonly nestedList?: NestedList;
  /**
   * The texts a node of the type takes (§ Node): `script` on an OpeningSentence or Dialogue node
   * alone, as § Node says; `instructions` ("extra guidance for the agent at this node", which
   * § Node gives every node) on every node of the conversation, not on the PreCallAPI node (it
   * runs before the conversation) nor on the PostCallActions container (after it). The designer's
   * side panel offers these (and any other the file sets).
   */
  readonly texts: readonly NodeText[];
  /** For voice Pearls only: a text Pearl cannot use it (§ Node types). */
  readonly voiceOnly: boolean;
  /** May be a nested action of handOffAction or postCallActions (graph rule 6). */
  readonly nestedAction: boolean;
  /** May have outgoing transitions: not EndCall (ends the conversation) nor PostCallActions. */
  readonly hasTransitions: boolean;
  /** Part of the graph, so a transition may lead to it: every type but PostCallActions (§ Node types). */
  readonly inGraph: boolean;
  /**
   * Needs an incoming transition when it is not the entry (graph rule 4): every type of the graph
   * but TransferCall, which the agent may fire from its triggerDescription.
   */
  readonly needsIncoming: boolean;
}

const apiSettings: NodeSettingsFacts = { property: 'apiSettings', skeleton: { name: '', method: 1, endpointUrl: '' } };

/** The texts of a node where the agent speaks from a script, and of one where it follows instructions alone. */
const scripted: readonly NodeText[] = ['script', 'instructions'];
const instructed: readonly NodeText[] = ['instructions'];
const defaults = {
  voiceOnly: false,
  nestedAction: false,
  hasTransitions: true,
  inGraph: true,
  needsIncoming: true,
  texts: instructed,
} as const;

/** The node type table, in the order of § Node types. */
export const nodeTypeTable: readonly NodeTypeFacts[] = [
  { ...defaults, nodeType: NodeType.OpeningSentence, name: 'OpeningSentence', texts: scripted },
  { ...defaults, nodeType: NodeType.PreCallAPI, name: 'PreCallAPI', settings: apiSettings, texts: [] },
  { ...defaults, nodeType: NodeType.Dialogue, name: 'Dialogue', texts: scripted },
  { ...defaults, nodeType: NodeType.HandoffChatToHuman, name: 'HandoffChatToHuman', nestedList: 'handOffAction' },
  { ...defaults, nodeType: NodeType.API, name: 'API', settings: apiSettings, nestedAction: true },
  { ...defaults, nodeType: NodeType.SMS, name: 'SMS', settings: { property: 'smsSettings', skeleton: { body: '' } }, nestedAction: true },
  {
    ...defaults,
    nodeType: NodeType.Email,
    name: 'Email',
    settings: { property: 'emailSettings', skeleton: { to: [], subject: '', body: '' } },
    nestedAction: true,
  },
  {
    ...defaults,
    nodeType: NodeType.TransferCall,
    name: 'TransferCall',
    settings: { property: 'transferCallSettings', skeleton: { transferCallPhoneNumber: '' } },
    voiceOnly: true,
    needsIncoming: false,
  },
  { ...defaults, nodeType: NodeType.StartCallRecording, name: 'StartCallRecording', voiceOnly: true },
  { ...defaults, nodeType: NodeType.SearchKnowledgeBase, name: 'SearchKnowledgeBase' },
  { ...defaults, nodeType: NodeType.EndCall, name: 'EndCall', hasTransitions: false },
  {
    ...defaults,
    nodeType: NodeType.PostCallActions,
    name: 'PostCallActions',
    nestedList: 'postCallActions',
    hasTransitions: false,
    inGraph: false,
    needsIncoming: false,
    texts: [],
  },
];

// Indexed by the nodeType value (at most 200): a lookup per node or transition is an array load.
// Any other number (negative, fractional, past the end) reads no element: undefined.
const factsByType: readonly (NodeTypeFacts | undefined)[] = nodeTypeTable.reduce<(NodeTypeFacts | undefined)[]>((byType, facts) => {
  byType[facts.nodeType] = facts;
  return byType;
}, []);

/** The facts of node type `nodeType`, or undefined for a value outside the table (or none). */
export function getNodeTypeFacts(nodeType: number | undefined): NodeTypeFacts | undefined {
  return nodeType === undefined ? undefined : factsByType[nodeType];
}

/** Whether `nodeType` is for voice Pearls only (TransferCall, StartCallRecording; § Node types). */
export function isVoiceOnlyNodeType(nodeType: unknown): boolean {
  return typeof nodeType === 'number' && getNodeTypeFacts(nodeType)?.voiceOnly === true;
}

/** Whether a nested action may have type `nodeType` (SMS, Email, API; graph rule 6). */
export function isNestedActionType(nodeType: unknown): boolean {
  return typeof nodeType === 'number' && getNodeTypeFacts(nodeType)?.nestedAction === true;
}

/** The settings property node type `nodeType` requires (`apiSettings` for API), or undefined for a type without one. */
export function getSettingsProperty(nodeType: number | undefined): SettingsProperty | undefined {
  return getNodeTypeFacts(nodeType)?.settings?.property;
}

/** The texts in § Node's order, each combination one shared array: a graph of 1,000 nodes allocates none. */
const textCombinations: readonly (readonly NodeText[])[] = [[], ['script'], ['instructions'], ['script', 'instructions']];

/**
 * The texts to offer on a node of `nodeType` (the side panel's fields): those the type takes
 * ({@link NodeTypeFacts.texts}; both for a type outside the table, or none), and each one the file
 * sets anyway (`hasScript`, `hasInstructions`), so that nothing the file holds is hidden. Shared arrays,
 * never mutated.
 */
export function getNodeTexts(nodeType: number | undefined, hasScript: boolean, hasInstructions: boolean): readonly NodeText[] {
  const taken = getNodeTypeFacts(nodeType)?.texts ?? textCombinations[3];
  const script = hasScript || taken.includes('script');
  const instructions = hasInstructions || taken.includes('instructions');
  return textCombinations[(script ? 1 : 0) + (instructions ? 2 : 0)];
}

/** Every settings property of § Node, in the order of the table (each once). */
export const settingsProperties: readonly SettingsProperty[] = [
  ...new Set(nodeTypeTable.flatMap((facts) => (facts.settings ? [facts.settings.property] : []))),
];

/** The nested lists of § Node, each with the only node type that may carry it. */
export const nestedListOwners: readonly { readonly list: NestedList; readonly nodeType: NodeType }[] = nodeTypeTable.flatMap((facts) =>
  facts.nestedList ? [{ list: facts.nestedList, nodeType: facts.nodeType }] : [],
);

/**
 * Why a transition may not lead from one node to another: the bits of
 * {@link getTransitionProblems}, in the order a message names the first.
 */
export const TransitionProblem = {
  /** The source is a nested action, fire-and-forget (graph rule 6). */
  sourceNested: 1,
  /** The source is an EndCall node, which ends the conversation. */
  sourceEndsConversation: 2,
  /** The source is a PostCallActions node, outside the graph. */
  sourceOutsideGraph: 4,
  /** The target is a nested action, outside the graph. */
  targetNested: 8,
  /** The target is a PostCallActions node, outside the graph. */
  targetOutsideGraph: 16,
  /** The source is a PreCallAPI node and the target not an OpeningSentence (graph rule 5). */
  targetNotOpeningSentence: 32,
  /** The target has no nodeId, so no toNodeId can name it (§ Transition). */
  targetWithoutNodeId: 64,
} as const;

/**
 * The transition-legality check the graph rules and the graph edits share (§ Transition, § Graph
 * rules, rules 5 and 6): the {@link TransitionProblem} bits of a transition from a node of type
 * `sourceType` (a nested action when `sourceNested`) to one of type `targetType`; 0 when it may
 * exist. Takes plain values, so the graph rules call it per transition without allocating.
 */
export function getTransitionProblems(
  sourceType: number | undefined,
  sourceNested: boolean,
  targetType: number | undefined,
  targetNested: boolean,
  targetHasNodeId: boolean,
): number {
  let problems = 0;
  if (sourceNested) problems |= TransitionProblem.sourceNested;
  const source = getNodeTypeFacts(sourceType);
  if (source && !source.hasTransitions) {
    problems |= source.inGraph ? TransitionProblem.sourceEndsConversation : TransitionProblem.sourceOutsideGraph;
  }
  if (targetNested) problems |= TransitionProblem.targetNested;
  if (getNodeTypeFacts(targetType)?.inGraph === false) problems |= TransitionProblem.targetOutsideGraph;
  if (sourceType === NodeType.PreCallAPI && targetType !== NodeType.OpeningSentence) problems |= TransitionProblem.targetNotOpeningSentence;
  if (!targetHasNodeId) problems |= TransitionProblem.targetWithoutNodeId;
  return problems;
}

/** What the interface says about one variable group (§ DataSettings). */
export interface VariableGroupFacts {
  readonly group: VariableGroup;
  readonly name: string;
  /** Whether the interface may declare it: PostCall variables are the platform's. */
  readonly declarable: boolean;
}

/** The variable groups of § DataSettings, in order. */
export const variableGroupTable: readonly VariableGroupFacts[] = [
  { group: VariableGroup.PreCall, name: 'PreCall', declarable: true },
  { group: VariableGroup.InCall, name: 'InCall', declarable: true },
  { group: VariableGroup.PostCall, name: 'PostCall', declarable: false },
];

/** Whether a variable of group `group` may be declared through the interface (§ DataSettings: not PostCall). */
export function isDeclarableGroup(group: number | undefined): boolean {
  // A loop, not `find` with a closure: called for every declared variable of every file checked.
  for (let i = 0; i < variableGroupTable.length; i++) if (variableGroupTable[i].group === group) return variableGroupTable[i].declarable;
  return true;
}
