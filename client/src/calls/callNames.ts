/**
 * The names of every enumerated value of a call (docs/user/calls.md § POST
 * /v2/Pearl/{pearlId}/Calls, § GET /v2/Call/{callId}, § POST /v1/Outbound/{outboundId}/Call), in one
 * place. Two of them are not in the reference and are assumed (docs/user/calls.md § What is
 * assumed): the transcript's `role` and `overallSentiment`; {@link assumedNames} says so, and the
 * call view repeats it. It imports nothing from `vscode`.
 */

/**
 * A call's `conversationStatus`: 10 NeedRetry, 20 InCallQueue, 70 VoiceMailLeft, 100 Success,
 * 110 NotSuccessful, 130 Completed, 150 Unreachable, 220 Blacklisted, 300 QueueAbandon, 500 Error.
 */
export const conversationStatusNames: Readonly<Record<number, string>> = {
  10: 'NeedRetry',
  20: 'InCallQueue',
  70: 'VoiceMailLeft',
  100: 'Success',
  110: 'NotSuccessful',
  130: 'Completed',
  150: 'Unreachable',
  220: 'Blacklisted',
  300: 'QueueAbandon',
  500: 'Error',
};

/**
 * The values the calls list's `statuses` filter takes: the conversation statuses plus 1 New,
 * 30 WrongCountryCode and 40 OnCall (§ POST /v2/Pearl/{pearlId}/Calls).
 */
export const callFilterStatusNames: Readonly<Record<number, string>> = {
  1: 'New',
  ...conversationStatusNames,
  30: 'WrongCountryCode',
  40: 'OnCall',
};

/** A call's technical `status`: 3 InProgress, 4 Completed, 5 Busy, 6 Failed, 7 NoAnswer, 8 Canceled. */
export const callStatusNames: Readonly<Record<number, string>> = {
  3: 'InProgress',
  4: 'Completed',
  5: 'Busy',
  6: 'Failed',
  7: 'NoAnswer',
  8: 'Canceled',
};

/**
 * A make-call request's `status` (§ POST /v1/Outbound/{outboundId}/Call): 1 InCallQueue, 2 OnCall,
 * 10 Completed, 20 BlackListed, 100 Error. 10, 20 and 100 are final.
 */
export const callRequestStatusNames: Readonly<Record<number, string>> = {
  1: 'InCallQueue',
  2: 'OnCall',
  10: 'Completed',
  20: 'BlackListed',
  100: 'Error',
};

/** Request statuses after which nothing changes: 10 Completed, 20 BlackListed, 100 Error. */
export const finalCallRequestStatuses: ReadonlySet<number> = new Set([10, 20, 100]);

/**
 * `overallSentiment`, ASSUMED (not in the reference): 1 Negative, 2 SlightlyNegative, 3 Neutral,
 * 4 SlightlyPositive, 5 Positive, the order of the analytics' sentiment overview.
 */
export const sentimentNames: Readonly<Record<number, string>> = {
  1: 'Negative',
  2: 'SlightlyNegative',
  3: 'Neutral',
  4: 'SlightlyPositive',
  5: 'Positive',
};

/** Transcript speakers as the product shows them. */
export type TurnSpeaker = 'agent' | 'customer';

/** A transcript `role`, ASSUMED (not in the reference): 1 is the agent, any other value the customer. */
export function speakerOf(role: number | undefined): TurnSpeaker {
  return role === 1 ? 'agent' : 'customer';
}

/** What the product assumes of the names above, in one sentence each, for the call view and the docs. */
export const assumedNames = {
  roles:
    'Who spoke is assumed: the reference does not name transcript roles, so role 1 is shown as the agent and any other as the customer.',
  sentiment:
    'Sentiment names are assumed: the reference does not name the values, so 1 to 5 are shown from Negative to Positive (the order of the analytics overview).',
} as const;

/**
 * The name of `value` in `names`, `value N` for a value the table does not name, `not reported`
 * when there is none. Used for every enumerated field of a call.
 */
export function nameOf(names: Readonly<Record<number, string>>, value: number | undefined): string {
  if (value === undefined) return 'not reported';
  return names[value] ?? `value ${value}`;
}

/** `Success` … for a conversation status. */
export function conversationStatusName(value: number | undefined): string {
  return nameOf(conversationStatusNames, value);
}

/** `InProgress` … for a call's technical status. */
export function callStatusName(value: number | undefined): string {
  return nameOf(callStatusNames, value);
}

/** `InCallQueue` … for a make-call request's status. */
export function callRequestStatusName(value: number | undefined): string {
  return nameOf(callRequestStatusNames, value);
}

/** `Positive` … (assumed names) for an overall sentiment. */
export function sentimentName(value: number | undefined): string {
  return nameOf(sentimentNames, value);
}

/** Variable `type` values (docs/interface.md § DataSettings): 1 String … 7 DateTime. */
export const variableTypeNames: Readonly<Record<number, string>> = {
  1: 'String',
  2: 'Long',
  3: 'Double',
  4: 'Boolean',
  5: 'DateOnly',
  6: 'TimeOnly',
  7: 'DateTime',
};

/** Variable `group` values (docs/interface.md § DataSettings): 1 PreCall, 2 InCall, 3 PostCall. */
export const variableGroupNames: Readonly<Record<number, string>> = { 1: 'PreCall', 2: 'InCall', 3: 'PostCall' };

/**
 * Indicator tag `color` values (docs/interface.md § CallLabel): 1 purple, 2 red, 3 yellow, 4 green,
 * 5 blue, 6 pink, 7 teal, 8 lime (listed twice, also as gradient1), 9 gradient2.
 */
export const tagColorNames: Readonly<Record<number, string>> = {
  1: 'purple',
  2: 'red',
  3: 'yellow',
  4: 'green',
  5: 'blue',
  6: 'pink',
  7: 'teal',
  8: 'lime',
  9: 'gradient2',
};
