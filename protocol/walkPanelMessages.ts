/**
 * The walk panel's messages between the graph preview's page (`webview/walk/`) and its host
 * (`client/src/graphPreview/walk/`), for issue 18 (docs/user/walks.md). The page keeps the walk (values
 * known before the conversation and the steps, a {@link WalkInput}); the host computes every trace
 * with `pearl/walk`, so an interactive walk and the saved walk of the same steps give the same
 * trace. The page never sends a request itself and never names what to send: for **Send** it gives
 * the walk, and the host sends the request of the walk's last node as the language server computes
 * it, after asking the user.
 */
import type { WalkCoverage } from './pearlRequests';
import type { WalkInput, WalkResponse, WalkStep, WalkTrace } from './walkTypes';

/** The most steps a page may send in one walk (a walk is clicked by hand: thousands are a bug). */
export const maxWalkSteps = 5000;

/** Webview → host: compute the trace of `walk` (`pearl/walk`); answered with a {@link WalkTraceMessage} of the same `seq`. */
export interface WalkMessage {
  readonly type: 'walk';
  /** Increases with each walk the page sends: an answer to an older one is dropped. */
  readonly seq: number;
  readonly walk: WalkInput;
}

/**
 * Webview → host: send, for real, the request of the node `walk` stands at (API or PreCallAPI), after
 * a modal confirmation naming its method and URL; answered with a {@link WalkRequestResultMessage}.
 */
export interface SendWalkRequestMessage {
  readonly type: 'sendWalkRequest';
  readonly seq: number;
  readonly walk: WalkInput;
}

/** Webview → host: "Save as walk": ask for a name and append `walk` to the Pearl's walks file, as one edit. */
export interface SaveWalkMessage {
  readonly type: 'saveWalk';
  readonly walk: WalkInput;
}

/** Webview → host: which transitions the saved walks take (`pearl/walkCoverage`); answered with a {@link WalkCoverageMessage}. */
export interface RequestWalkCoverageMessage {
  readonly type: 'requestWalkCoverage';
}

/** Every walk message the page posts. */
export type WalkPageMessage = WalkMessage | SendWalkRequestMessage | SaveWalkMessage | RequestWalkCoverageMessage;

/**
 * Host → webview: open the walk panel ("Pearl: Walk Conversation" from the command palette). With
 * `variables` (a call's collected values, "Walk with this call's values"), a new walk starts from
 * them, without steps.
 */
export interface StartWalkMessage {
  readonly type: 'startWalk';
  readonly variables?: Readonly<Record<string, string>>;
}

/** Host → webview: the trace of the walk the page sent as `seq`; `trace` null and `error` set when there is none. */
export interface WalkTraceMessage {
  readonly type: 'walkTrace';
  readonly seq: number;
  readonly trace: WalkTrace | null;
  /** Why there is no trace (the server is not running, the document is closed), a sentence for the user. */
  readonly error?: string;
}

/**
 * Host → webview: the outcome of a {@link SendWalkRequestMessage}. `response` is what came back
 * (the page adds it to the walk as a `response` step); otherwise `message` says why there is none
 * (refused, cancelled, timed out, too large). `message` may also accompany a response (a body that
 * is not JSON).
 */
export interface WalkRequestResultMessage {
  readonly type: 'walkRequestResult';
  readonly seq: number;
  readonly response?: WalkResponse;
  readonly message?: string;
}

/** Host → webview: the outcome of "Save as walk", a sentence for the user (`saved` false when nothing was written). */
export interface WalkSavedMessage {
  readonly type: 'walkSaved';
  readonly saved: boolean;
  readonly text: string;
}

/** Host → webview: what the saved walks take (`pearl/walkCoverage`), null when unknown. */
export interface WalkCoverageMessage {
  readonly type: 'walkCoverage';
  readonly coverage: WalkCoverage | null;
}

/** Every walk message the host posts. */
export type WalkHostMessage = StartWalkMessage | WalkTraceMessage | WalkRequestResultMessage | WalkSavedMessage | WalkCoverageMessage;

/** Type guard for a walk message received from the page (its content is data: every field is checked). */
export function isWalkPageMessage(value: Record<string, unknown>): value is Record<string, unknown> & WalkPageMessage {
  switch (value.type) {
    case 'walk':
    case 'sendWalkRequest':
      return Number.isSafeInteger(value.seq) && isWalkInput(value.walk);
    case 'saveWalk':
      return isWalkInput(value.walk);
    case 'requestWalkCoverage':
      return true;
    default:
      return false;
  }
}

/** Whether `value` is a {@link WalkInput}: string values, at most {@link maxWalkSteps} well-formed steps. */
export function isWalkInput(value: unknown): value is WalkInput {
  if (!isRecord(value)) return false;
  if (value.variables !== undefined && !isValues(value.variables)) return false;
  return Array.isArray(value.steps) && value.steps.length <= maxWalkSteps && value.steps.every(isWalkStep);
}

/** Whether `value` is one {@link WalkStep}: exactly one of `take`, `set`, `response`, `expect`. */
export function isWalkStep(value: unknown): value is WalkStep {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== 1) return false;
  switch (keys[0]) {
    case 'take':
      return typeof value.take === 'string';
    case 'set':
      return isValues(value.set);
    case 'response':
      return isRecord(value.response) && Number.isInteger(value.response.status);
    case 'expect':
      return isRecord(value.expect);
    default:
      return false;
  }
}

function isValues(value: unknown): value is Readonly<Record<string, string>> {
  return isRecord(value) && Object.values(value).every((entry) => typeof entry === 'string');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
