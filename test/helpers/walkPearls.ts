// A text Pearl and walks files shared by the walk tests (engine, walks files, protocol, CLI).

/** A restaurant's booking Pearl with every node kind a walk meets; pretty-printed, one value per line. */
export const bookingPearlText = `${JSON.stringify(
  {
    $schema: '../schemas/text-pearl.schema.json',
    name: 'Booking',
    variables: [
      { id: 'phone', name: 'Phone', group: 1, type: 1 },
      { id: 'customer_name', name: 'Name', group: 1, type: 1 },
      { id: 'party_size', name: 'Party size', group: 2, type: 2 },
      { id: 'terrace', name: 'Terrace', group: 2, type: 4 },
      { id: 'booking_id', name: 'Booking id', group: 2, type: 1 },
      { id: 'note', name: 'Note', group: 2, type: 1 },
      { id: 'rating', name: 'Rating', group: 3, type: 2 },
    ],
    pearl: {
      agentName: 'Ava',
      modelType: 11,
      nodes: [
        {
          nodeId: 'lookup',
          name: 'Look up the caller',
          nodeType: 3,
          apiSettings: {
            name: 'Lookup',
            method: 1,
            endpointUrl: 'https://api.example.com/customers?phone={phone}',
            headers: { Accept: 'application/json' },
            outputBody: [{ key: 'customer.name', variableId: 'customer_name' }],
          },
          transitions: [
            { name: 'Known', toNodeId: 'greet_known', apiResult: 1 },
            { name: 'Unknown', toNodeId: 'greet', apiResult: 2 },
          ],
        },
        {
          nodeId: 'greet_known',
          name: 'Greet a known customer',
          nodeType: 2,
          script: 'Hi {customer_name}! Shall I book your usual table?',
          transitions: [{ name: 'Customer wants to book a table', toNodeId: 'ask' }],
        },
        {
          nodeId: 'greet',
          name: 'Greet',
          nodeType: 2,
          script: 'Hello! How can I help?',
          transitions: [
            { name: 'Customer wants to book a table', toNodeId: 'ask' },
            { name: 'Customer wants a person', toNodeId: 'handoff' },
            { name: 'Customer asks for the menu', toNodeId: 'nowhere' },
          ],
        },
        {
          nodeId: 'ask',
          name: 'Ask the details',
          nodeType: 10,
          script: 'For how many people, {customer_name}?',
          instructions: 'Collect party_size.',
          transitions: [{ name: 'Details collected', toNodeId: 'book' }],
        },
        {
          nodeId: 'book',
          name: 'Book',
          nodeType: 40,
          apiSettings: {
            name: 'Book',
            method: 2,
            endpointUrl: 'https://api.example.com/bookings?size={party_size}',
            headers: { 'Content-Type': 'application/json' },
            body: [
              { key: 'size', variableId: 'party_size' },
              { key: 'terrace', variableId: 'terrace', required: false },
              { key: 'name', type: 1, value: 'Table for {customer_name}' },
              { key: 'confirmed', type: 4, value: 'true' },
              { key: 'seats', type: 2, value: '4' },
            ],
            outputBody: [{ key: 'bookingId', variableId: 'booking_id' }],
          },
          transitions: [
            { name: 'Booked', toNodeId: 'confirm' },
            { name: 'Not booked', toNodeId: 'handoff' },
          ],
        },
        {
          nodeId: 'confirm',
          name: 'Text the confirmation',
          nodeType: 50,
          smsSettings: { body: 'Booking {booking_id}: a table for {party_size}.' },
          transitions: [{ name: 'Sent', toNodeId: 'end' }],
        },
        {
          nodeId: 'handoff',
          name: 'Hand over',
          nodeType: 31,
          handOffAction: [{ nodeId: 'alert', name: 'Alert the staff', nodeType: 50, smsSettings: { body: 'Call {phone}' } }],
          transitions: [{ name: 'Staff closes', toNodeId: 'end' }],
        },
        { nodeId: 'end', name: 'Goodbye', nodeType: 100 },
        {
          nodeId: 'after',
          name: 'After the conversation',
          nodeType: 200,
          postCallActions: [
            {
              nodeId: 'recap',
              name: 'Email the recap',
              nodeType: 51,
              emailSettings: { to: ['team@example.com'], subject: 'Booking {booking_id}', body: 'Rated {rating}' },
            },
          ],
        },
      ],
    },
    inbound: { textChannelId: 'channel-1', totalAgents: 1 },
  },
  null,
  2,
)}\n`;

/** The steps of a walk through {@link bookingPearlText} from the lookup to EndCall. */
export const bookingSteps = [
  { response: { status: 200, body: { customer: { name: 'Ana' } } } },
  { take: 'Customer wants to book a table' },
  { set: { party_size: '4' } },
  { take: 'Details collected' },
  { response: { status: 201, body: { bookingId: 'B-17' } } },
  { take: 'Booked' },
  { take: 'Sent' },
] as const;

/** A walks file through `booking.pearl.json` beside it, passing, with comments. */
export const bookingWalksText = `{
  // Walks of the booking Pearl
  "pearl": "booking.pearl.json",
  "walks": [
    {
      "name": "Books a table for four",
      "variables": { "phone": "+15550100" },
      "steps": [
        ${bookingSteps.map((step) => JSON.stringify(step, null, 1).replace(/\n\s*/g, ' ')).join(',\n        ')}
      ],
      "end": true
    }
  ]
}
`;

/**
 * {@link bookingPearlText} without what the service would reject (the declared PostCall variable,
 * the transition to a node that does not exist), for pearl-lint runs that must pass.
 */
export const cleanBookingPearlText = (() => {
  const value = JSON.parse(bookingPearlText) as {
    variables: { id: string }[];
    pearl: { nodes: { transitions?: { toNodeId: string }[] }[] };
  };
  value.variables = value.variables.filter((variable) => variable.id !== 'rating');
  for (const node of value.pearl.nodes) {
    if (node.transitions) node.transitions = node.transitions.filter((transition) => transition.toNodeId !== 'nowhere');
  }
  return `${JSON.stringify(value, null, 2)}\n`;
})();
