/**
 * What a node shows in a frame of a walk (docs/user/walks.md § What a frame shows): its script and
 * instructions rendered, an API or PreCallAPI node's request, an SMS or Email node's message, and
 * the nested actions of a HandoffChatToHuman node (its handOffAction) or of the EndCall node (the
 * PostCallActions containers' actions, where PostCall variables stay placeholders).
 */
import type { WalkFrame, WalkRenderedText } from '#protocol/walkTypes';
import { getNodeKey } from '../document/graphKeys';
import { isJsonObject, type JsonObject } from '../document/jsonValue';
import { NodeType, type PearlDocument, type PearlNode } from '../document/pearlDocument';
import { nodeTypeNames } from '../interface/enumNames';
import { buildRequest, renderText, type KnownValues, type VariableTypes } from './walkRender';

/** The walk standing at a node: the Pearl, the node and the values known. */
export interface FrameSource {
  readonly doc: PearlDocument;
  readonly node: PearlNode;
  readonly values: KnownValues;
}

/** The parts of a {@link WalkFrame} that depend on the node and the values known. */
export type FrameContent = Pick<WalkFrame, 'says' | 'instructions' | 'request' | 'message' | 'actions'>;

/** A text (a transition's name) rendered with the values known. */
export function renderName(source: FrameSource, text: string): string {
  return renderText(text, source.values).text;
}

/** What `source.node` shows with the values known. */
export function describeFrame(source: FrameSource): FrameContent {
  const { doc, node, values } = source;
  const types = variableTypes(doc);
  const content: { -readonly [K in keyof FrameContent]: FrameContent[K] } = {};
  if (typeof node.value.script === 'string') content.says = renderText(node.value.script, values);
  if (typeof node.value.instructions === 'string') content.instructions = renderText(node.value.instructions, values);
  Object.assign(content, describeAction(node, values, types));
  const actionNodes =
    node.nodeType === NodeType.EndCall
      ? doc.nodes.filter((candidate) => candidate.nodeType === NodeType.PostCallActions).flatMap((container) => container.nested)
      : node.nodeType === NodeType.HandoffChatToHuman
        ? node.nested
        : [];
  if (actionNodes.length > 0) {
    content.actions = actionNodes.map((action) => {
      const { request, message } = describeAction(action, values, types);
      return {
        nodeKey: getNodeKey(action),
        typeName: action.nodeType === undefined ? 'Node' : (nodeTypeNames[action.nodeType] ?? `nodeType ${action.nodeType}`),
        ...(action.name !== undefined ? { name: action.name } : {}),
        ...(message ? { message: message.subject ? joinSubject(message.subject, message.body) : message.body } : {}),
        ...(request ? { request } : {}),
      };
    });
  }
  return content;
}

/** An Email action's subject and body as one text for the actions list. */
function joinSubject(subject: WalkRenderedText, body: WalkRenderedText): WalkRenderedText {
  return { text: `${subject.text}\n\n${body.text}`, unknown: [...new Set([...subject.unknown, ...body.unknown])] };
}

/** The request of an API/PreCallAPI node, or the message of an SMS/Email node. */
function describeAction(node: PearlNode, values: KnownValues, types: VariableTypes): Pick<FrameContent, 'request' | 'message'> {
  const settingsOf = (key: string): JsonObject | undefined => (isJsonObject(node.value[key]) ? node.value[key] : undefined);
  if (node.nodeType === NodeType.API || node.nodeType === NodeType.PreCallAPI) {
    const settings = settingsOf('apiSettings');
    return settings ? { request: buildRequest(settings, values, types) } : {};
  }
  if (node.nodeType === NodeType.SMS) {
    const settings = settingsOf('smsSettings');
    return settings ? { message: { body: renderText(stringOr(settings.body), values) } } : {};
  }
  if (node.nodeType === NodeType.Email) {
    const settings = settingsOf('emailSettings');
    if (!settings) return {};
    const to = Array.isArray(settings.to) ? settings.to.filter((item): item is string => typeof item === 'string') : undefined;
    return {
      message: {
        subject: renderText(stringOr(settings.subject), values),
        body: renderText(stringOr(settings.body), values),
        ...(to ? { to } : {}),
      },
    };
  }
  return {};
}

function stringOr(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Each declared variable's `type`, by id (the first declaration of an id). */
function variableTypes(doc: PearlDocument): VariableTypes {
  const types = new Map<string, number | undefined>();
  for (const [id, variable] of doc.variablesById) types.set(id, variable.type);
  return types;
}
