import type { DiagnosticCode } from '../service/rules/diagnosticCodes';

/** A failing and a passing example of one diagnostic code (short Pearl documents, JSON with comments). */
export interface RuleExample {
  /** A document the service reports the code on. */
  readonly fails: string;
  /** The same document corrected: the service does not report the code. */
  readonly passes: string;
}

/**
 * One failing and one passing example per diagnostic code, shown in docs/rules.md. Each is a
 * fragment of a create request, enough for its rule; other diagnostics (a missing channel, say) may
 * appear on it. test/unit/diagnosticRegistry.test.ts runs every example through the service.
 */
export const ruleExamples: { readonly [C in DiagnosticCode]: RuleExample } = {
  syntax: {
    fails: '{ "name": "Clinic" "pearl": {} }',
    passes: '{ "name": "Clinic", "pearl": {} }',
  },
  'trailing-comma': {
    fails: '{ "name": "Clinic", }',
    passes: '{ "name": "Clinic" }',
  },
  'kind-unknown': {
    fails: '{ "name": "Clinic" }',
    passes: '{ "name": "Clinic", "pearl": { "nodes": [] } }',
  },
  'root-not-object': {
    fails: '[{ "name": "Clinic" }]',
    passes: '{ "name": "Clinic" }',
  },
  'duplicate-key': {
    fails: '{ "name": "Clinic", "name": "Clinic chat" }',
    passes: '{ "name": "Clinic chat" }',
  },
  'unknown-property': {
    fails: '{ "pearl": { "nodes": [], "generalInstruction": "Be brief." } }',
    passes: '{ "pearl": { "nodes": [], "generalInstructions": "Be brief." } }',
  },
  'session-scoped-in-text': {
    fails: `{
  "pearl": { "nodes": [] },
  "variables": [{ "id": "plan", "isSessionScoped": true }]
}`,
    passes: `{
  "pearl": { "nodes": [] },
  "variables": [{ "id": "plan" }]
}`,
  },
  'wrong-type': {
    fails: '{ "pearl": { "nodes": [], "memory": "yes" } }',
    passes: '{ "pearl": { "nodes": [], "memory": true } }',
  },
  'enum-value': {
    fails: '{ "pearl": { "nodes": [{ "nodeId": "ask", "name": "Ask", "nodeType": 7 }] } }',
    passes: '{ "pearl": { "nodes": [{ "nodeId": "ask", "name": "Ask", "nodeType": 10 }] } }',
  },
  'model-type-kind': {
    fails: '{ "pearl": { "nodes": [], "modelType": 1 } }',
    passes: '{ "pearl": { "nodes": [], "modelType": 11 } }',
  },
  'int32-range': {
    fails: '{ "pearl": { "nodes": [] }, "inbound": { "totalAgents": 3000000000 } }',
    passes: '{ "pearl": { "nodes": [] }, "inbound": { "totalAgents": 3 } }',
  },
  'max-length': {
    fails: '{ "pearl": { "nodes": [], "agentPersonality": "Warm, patient, reassuring and very precise" } }',
    passes: '{ "pearl": { "nodes": [], "agentPersonality": "Warm, patient and reassuring" } }',
  },
  'max-items': {
    fails: '{ "pearl": { "nodes": [], "indicatorTags": [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}] } }',
    passes: '{ "pearl": { "nodes": [], "indicatorTags": [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}] } }',
  },
  'label-id-format': {
    fails: '{ "pearl": { "nodes": [], "indicatorTags": [{ "id": "Book1", "name": "Booked", "color": 1 }] } }',
    passes: '{ "pearl": { "nodes": [], "indicatorTags": [{ "id": "Booked", "name": "Booked", "color": 1 }] } }',
  },
  'variable-id-format': {
    fails: '{ "pearl": { "nodes": [] }, "variables": [{ "id": "first name" }] }',
    passes: '{ "pearl": { "nodes": [] }, "variables": [{ "id": "first_name" }] }',
  },
  'channel-missing': {
    fails: '{ "name": "Clinic", "pearl": { "nodes": [] } }',
    passes: '{ "name": "Clinic", "pearl": { "nodes": [] }, "inbound": { "textChannelId": "tc_1" } }',
  },
  'channel-both': {
    fails: `{
  "pearl": { "nodes": [] },
  "inbound": { "textChannelId": "tc_1" },
  "outbound": { "textChannelId": "tc_1" }
}`,
    passes: `{
  "pearl": { "nodes": [] },
  "inbound": { "textChannelId": "tc_1" }
}`,
  },
  'text-channel-id-missing': {
    fails: '{ "pearl": { "nodes": [] }, "inbound": { "totalAgents": 2 } }',
    passes: '{ "pearl": { "nodes": [] }, "inbound": { "totalAgents": 2, "textChannelId": "tc_1" } }',
  },
  'label-id-duplicate': {
    fails: `{
  "pearl": {
    "nodes": [],
    "indicatorTags": [
      { "id": "Booked", "name": "Booked", "color": 1 },
      { "id": "Booked", "name": "Booked again", "color": 2 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [],
    "indicatorTags": [
      { "id": "Booked", "name": "Booked", "color": 1 },
      { "id": "ReBook", "name": "Booked again", "color": 2 }
    ]
  }
}`,
  },
  'label-color-duplicate': {
    fails: `{
  "pearl": {
    "nodes": [],
    "indicatorTags": [
      { "id": "Booked", "name": "Booked", "color": 1 },
      { "id": "ReBook", "name": "Booked again", "color": 1 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [],
    "indicatorTags": [
      { "id": "Booked", "name": "Booked", "color": 1 },
      { "id": "ReBook", "name": "Booked again", "color": 2 }
    ]
  }
}`,
  },
  'label-id-unknown': {
    fails: `{
  "pearl": {
    "openingSentence": "Hello!",
    "indicatorTags": [{ "id": "Refill", "name": "Refill", "color": 1 }],
    "notifications": [{ "indicatorTagsIds": ["Urgent"] }]
  }
}`,
    passes: `{
  "pearl": {
    "openingSentence": "Hello!",
    "indicatorTags": [{ "id": "Refill", "name": "Refill", "color": 1 }],
    "notifications": [{ "indicatorTagsIds": ["Refill"] }]
  }
}`,
  },
  'variable-id-duplicate': {
    fails: `{
  "pearl": { "nodes": [] },
  "variables": [{ "id": "plan", "group": 1 }, { "id": "plan", "group": 2 }]
}`,
    passes: `{
  "pearl": { "nodes": [] },
  "variables": [{ "id": "plan", "group": 1 }, { "id": "offer", "group": 2 }]
}`,
  },
  'variable-postcall-declared': {
    fails: '{ "pearl": { "nodes": [] }, "variables": [{ "id": "rating", "group": 3 }] }',
    passes: '{ "pearl": { "nodes": [] }, "variables": [{ "id": "rating", "group": 2 }] }',
  },
  'api-property-variable-and-value': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "save", "name": "Save", "nodeType": 40, "apiSettings": { "method": 2, "body": [{ "key": "plan", "variableId": "plan", "value": "gold" }] } }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "save", "name": "Save", "nodeType": 40, "apiSettings": { "method": 2, "body": [{ "key": "plan", "variableId": "plan" }] } }
    ]
  }
}`,
  },
  'api-property-value-missing': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "save", "name": "Save", "nodeType": 40, "apiSettings": { "method": 2, "body": [{ "key": "plan" }] } }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "save", "name": "Save", "nodeType": 40, "apiSettings": { "method": 2, "body": [{ "key": "plan", "type": 1, "value": "gold" }] } }
    ]
  }
}`,
  },
  'api-body-not-allowed': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "save", "name": "Save", "nodeType": 40, "apiSettings": { "method": 1, "body": [{ "key": "plan", "variableId": "plan" }] } }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "save", "name": "Save", "nodeType": 40, "apiSettings": { "method": 2, "body": [{ "key": "plan", "variableId": "plan" }] } }
    ]
  }
}`,
  },
  'node-settings-missing': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "sms", "name": "Text the receipt", "nodeType": 50 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "sms", "name": "Text the receipt", "nodeType": 50, "smsSettings": { "message": "Thanks!" } }
    ]
  }
}`,
  },
  'node-settings-other-type': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "ask", "name": "Ask", "nodeType": 10, "emailSettings": { "subject": "Hi" } }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "ask", "name": "Ask", "nodeType": 10 }
    ]
  }
}`,
  },
  'handoff-action-misplaced': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "ask", "name": "Ask", "nodeType": 10, "handOffAction": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Handed over." } }] }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "human", "name": "Hand over", "nodeType": 31, "handOffAction": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Handed over." } }] }
    ]
  }
}`,
  },
  'post-call-actions-misplaced': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "ask", "name": "Ask", "nodeType": 10, "postCallActions": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Handed over." } }] }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "after", "name": "After the call", "nodeType": 200, "postCallActions": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Handed over." } }] }
    ]
  }
}`,
  },
  'nested-node-type': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "after", "name": "After the call", "nodeType": 200, "postCallActions": [{ "nodeId": "ask", "name": "Ask", "nodeType": 10 }] }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "after", "name": "After the call", "nodeType": 200, "postCallActions": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Handed over." } }] }
    ]
  }
}`,
  },
  'nested-node-not-fire-and-forget': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "after", "name": "After the call", "nodeType": 200, "postCallActions": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Done." }, "transitions": [{ "name": "Sent", "toNodeId": "end" }] }] }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "after", "name": "After the call", "nodeType": 200, "postCallActions": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Done." } }] }
    ]
  }
}`,
  },
  'transfer-trigger-missing': {
    fails: `{
  "pearl": {
    "openingSentence": "Hello!",
    "transferCallSettings": [{ "transferCallPhoneNumber": "+441135550123" }]
  }
}`,
    passes: `{
  "pearl": {
    "openingSentence": "Hello!",
    "transferCallSettings": [{ "transferCallPhoneNumber": "+441135550123", "triggerDescription": "The caller asks for the pharmacist." }]
  }
}`,
  },
  'transfer-trigger-not-allowed': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Leak", "toNodeId": "transfer" }] },
      { "nodeId": "transfer", "name": "Transfer", "nodeType": 60, "transferCallSettings": { "transferCallPhoneNumber": "+15125550100", "triggerDescription": "An active leak." } }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Leak", "toNodeId": "transfer" }] },
      { "nodeId": "transfer", "name": "Transfer", "nodeType": 60, "transferCallSettings": { "transferCallPhoneNumber": "+15125550100" } }
    ]
  }
}`,
  },
  'calling-hours-order': {
    fails: `{
  "pearl": { "nodes": [] },
  "outbound": {
    "callingHours": [
      { "day": 1, "start": "18:00", "end": "09:00" }
    ]
  }
}`,
    passes: `{
  "pearl": { "nodes": [] },
  "outbound": {
    "callingHours": [
      { "day": 1, "start": "09:00", "end": "18:00" }
    ]
  }
}`,
  },
  'calling-hours-overlap': {
    fails: `{
  "pearl": { "nodes": [] },
  "outbound": {
    "callingHours": [
      { "day": 3, "start": "09:00", "end": "13:00" },
      { "day": 3, "start": "12:00", "end": "17:00" }
    ]
  }
}`,
    passes: `{
  "pearl": { "nodes": [] },
  "outbound": {
    "callingHours": [
      { "day": 3, "start": "09:00", "end": "13:00" },
      { "day": 3, "start": "14:00", "end": "17:00" }
    ]
  }
}`,
  },
  'date-span-format': {
    fails: `{
  "pearl": { "nodes": [] },
  "outbound": {
    "callingHours": [
      { "day": 2, "start": "09:00", "end": "25:00" }
    ]
  }
}`,
    passes: `{
  "pearl": { "nodes": [] },
  "outbound": {
    "callingHours": [
      { "day": 2, "start": "09:00", "end": "23:59:59" }
    ]
  }
}`,
  },
  'time-zone': {
    fails: '{ "pearl": { "nodes": [], "timeZone": "Europe/London" } }',
    passes: '{ "pearl": { "nodes": [], "timeZone": "GMT Standard Time" } }',
  },
  'count-below-minimum': {
    fails: '{ "pearl": { "nodes": [] }, "inbound": { "totalAgents": 0 } }',
    passes: '{ "pearl": { "nodes": [] }, "inbound": { "totalAgents": 2 } }',
  },
  'follow-up-after-close': {
    fails: `{
  "pearl": { "nodes": [] },
  "inbound": {
    "autoCloseAfterInactivityHours": 24,
    "inactivityFollowUps": [{ "delayMinutes": 1800, "message": "Still there?" }]
  }
}`,
    passes: `{
  "pearl": { "nodes": [] },
  "inbound": {
    "autoCloseAfterInactivityHours": 24,
    "inactivityFollowUps": [{ "delayMinutes": 120, "message": "Still there?" }]
  }
}`,
  },
  'graph-entry-missing': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
  },
  'graph-opening-count': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "start2", "name": "Second greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
  },
  'graph-precall-count': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }] },
      { "nodeId": "lookup2", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
  },
  'graph-endcall-count': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
  },
  'graph-cannot-reach-end': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Survey", "toNodeId": "survey" }] },
      { "nodeId": "survey", "name": "Survey", "nodeType": 10, "transitions": [{ "name": "Again", "toNodeId": "survey" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Survey", "toNodeId": "survey" }] },
      { "nodeId": "survey", "name": "Survey", "nodeType": 10, "transitions": [{ "name": "Again", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
  },
  'graph-no-incoming': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "ask", "name": "Ask", "nodeType": 10, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Ask", "toNodeId": "ask" }] },
      { "nodeId": "ask", "name": "Ask", "nodeType": 10, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
  },
  'graph-unreachable': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "a", "name": "A", "nodeType": 10, "transitions": [{ "name": "To B", "toNodeId": "b" }, { "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "b", "name": "B", "nodeType": 10, "transitions": [{ "name": "To A", "toNodeId": "a" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "To A", "toNodeId": "a" }] },
      { "nodeId": "a", "name": "A", "nodeType": 10, "transitions": [{ "name": "To B", "toNodeId": "b" }, { "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "b", "name": "B", "nodeType": 10, "transitions": [{ "name": "To A", "toNodeId": "a" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
  },
  'graph-api-result-missing': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "toNodeId": "start" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
  },
  'graph-api-result-duplicate': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }, { "name": "Found again", "apiResult": 1, "toNodeId": "start2" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "start2", "name": "Second greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }, { "name": "Not found", "apiResult": 2, "toNodeId": "start2" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "start2", "name": "Second greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
  },
  'graph-precall-target': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }, { "name": "Not found", "apiResult": 2, "toNodeId": "end" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }, { "name": "Not found", "apiResult": 2, "toNodeId": "start" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
  },
  'graph-opening-not-targeted': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "start2", "name": "Second greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }, { "name": "Not found", "apiResult": 2, "toNodeId": "start2" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "start2", "name": "Second greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
  },
  'api-result-misplaced': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "apiResult": 1, "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
  },
  'unknown-target': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "finish" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
  },
  'target-outside-graph': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "after" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 },
      { "nodeId": "after", "name": "After the call", "nodeType": 200, "postCallActions": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Handed over." } }] }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 },
      { "nodeId": "after", "name": "After the call", "nodeType": 200, "postCallActions": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Handed over." } }] }
    ]
  }
}`,
  },
  'node-id-duplicate': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Ask", "nodeType": 10 },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
  },
  'node-id-missing': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
  },
  'transition-name-duplicate': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }, { "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }, { "name": "Bye", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
  },
  'voice-only-node': {
    fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "record", "name": "Record", "nodeType": 65 }
    ]
  }
}`,
    passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "ask", "name": "Ask", "nodeType": 10 }
    ]
  }
}`,
  },
  'variable-undeclared': {
    fails: `{
  "pearl": {
    "nodes": [{ "nodeId": "start", "name": "Greeting", "nodeType": 2, "script": "Hi {first_name}!" }]
  },
  "variables": []
}`,
    passes: `{
  "pearl": {
    "nodes": [{ "nodeId": "start", "name": "Greeting", "nodeType": 2, "script": "Hi {first_name}!" }]
  },
  "variables": [{ "id": "first_name", "group": 1 }]
}`,
  },
  'variable-group-not-allowed': {
    fails: `{
  "pearl": {
    "nodes": [{ "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1, "endpointUrl": "https://example.com/orders/{order}" } }]
  },
  "variables": [{ "id": "order", "group": 2 }]
}`,
    passes: `{
  "pearl": {
    "nodes": [{ "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1, "endpointUrl": "https://example.com/orders/{order}" } }]
  },
  "variables": [{ "id": "order", "group": 1 }]
}`,
  },
  'variable-not-yet-collected': {
    fails: `{
  "pearl": {
    "nodes": [{ "nodeId": "start", "name": "Greeting", "nodeType": 2, "script": "Your slot is {slot}." }]
  },
  "variables": [{ "id": "slot", "group": 2 }]
}`,
    passes: `{
  "pearl": {
    "nodes": [{ "nodeId": "start", "name": "Greeting", "nodeType": 2, "script": "Your slot is {slot}." }]
  },
  "variables": [{ "id": "slot", "group": 1 }]
}`,
  },
  'general-instructions-variable': {
    fails: '{ "pearl": { "nodes": [], "generalInstructions": "Greet {first_name}." } }',
    passes: '{ "pearl": { "nodes": [], "generalInstructions": "Greet the customer by name." } }',
  },
};
