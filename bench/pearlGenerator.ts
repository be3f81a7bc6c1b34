/**
 * Generator of realistic, valid text Pearl create requests (docs/interface.md § Text Pearl
 * create request), shared by the benchmark and the property tests. Deterministic: the same
 * arguments always give the same text.
 */

/** One declared variable of the generated Pearl (docs/interface.md § DataSettings). */
interface GeneratedVariable {
  readonly id: string;
  readonly name: string;
  /** 1 PreCall, 2 InCall. PostCall (3) cannot be declared through the interface. */
  readonly group: 1 | 2;
  /** 1 String, 2 Long, 3 Double, 4 Boolean, 5 DateOnly, 6 TimeOnly, 7 DateTime. */
  readonly type: number;
  readonly description: string;
}

const variables: readonly GeneratedVariable[] = [
  {
    id: 'customer_phone',
    name: 'Customer phone',
    group: 1,
    type: 1,
    description: 'Phone number the customer writes from, provided by the text channel.',
  },
  { id: 'customer_first_name', name: 'First name', group: 1, type: 1, description: 'First name from the CRM lookup.' },
  { id: 'customer_last_name', name: 'Last name', group: 1, type: 1, description: 'Last name from the CRM lookup.' },
  { id: 'customer_email', name: 'Email address', group: 1, type: 1, description: 'Email address on file.' },
  { id: 'account_id', name: 'Account id', group: 1, type: 1, description: 'CRM account identifier.' },
  { id: 'plan_name', name: 'Plan', group: 1, type: 1, description: 'Name of the current subscription plan.' },
  { id: 'renewal_date', name: 'Renewal date', group: 1, type: 5, description: 'Date the current plan renews.' },
  { id: 'balance_due', name: 'Balance due', group: 1, type: 3, description: 'Outstanding balance in dollars.' },
  { id: 'store_city', name: 'Store city', group: 1, type: 1, description: "City of the customer's home store." },
  { id: 'preferred_language', name: 'Language', group: 1, type: 1, description: 'Language the customer prefers.' },
  {
    id: 'preferred_date',
    name: 'Preferred date',
    group: 2,
    type: 5,
    description: 'Date the customer would like the visit; ask for a weekday within the next three weeks.',
  },
  { id: 'preferred_time', name: 'Preferred time', group: 2, type: 6, description: 'Time of day the customer prefers.' },
  {
    id: 'callback_requested',
    name: 'Callback requested',
    group: 2,
    type: 4,
    description: 'True when the customer asks to be called back by a person.',
  },
  { id: 'order_number', name: 'Order number', group: 2, type: 1, description: 'Order number the customer mentions, as written.' },
  { id: 'issue_summary', name: 'Issue summary', group: 2, type: 1, description: "One-sentence summary of the customer's problem." },
  { id: 'satisfaction_score', name: 'Satisfaction score', group: 2, type: 2, description: 'Score from 1 to 5 the customer gives.' },
  { id: 'new_address', name: 'New address', group: 2, type: 1, description: 'New postal address, when the customer moved.' },
  { id: 'appointment_slot', name: 'Appointment slot', group: 2, type: 7, description: 'Date and time of the booked appointment.' },
  { id: 'payment_method', name: 'Payment method', group: 2, type: 1, description: 'How the customer wants to pay.' },
  { id: 'confirmation_status', name: 'Confirmation status', group: 2, type: 1, description: 'Confirmed, Rescheduled or Cancelled.' },
];

const preCallIds = variables.filter((v) => v.group === 1).map((v) => v.id);
const allIds = variables.map((v) => v.id);

/** Sentences of Dialogue scripts; `$` is replaced by a variable reference. */
const scriptSentences: readonly string[] = [
  'Thanks, {customer_first_name}. Let me check what we have on file for account {account_id}.',
  'Your {plan_name} plan renews on {renewal_date}, and the balance due today is {balance_due} dollars.',
  'Could you tell me which date works best for you? We have openings at the {store_city} store most weekdays.',
  'I have noted {preferred_date} at {preferred_time}; I will hold that slot for you for the next ten minutes.',
  'If you prefer, a member of our team can call you back at {customer_phone} during opening hours.',
  'To make sure I have it right: the order number is {order_number} and the problem is {issue_summary}.',
  'We can send the confirmation to {customer_email}, or by text message if that is easier for you.',
  'How would you like to pay the remaining amount: card, bank transfer or in store?',
  'Please keep your answers short; I will guide you through the remaining steps one at a time.',
  'Is the address still the same, or should I update it to {new_address} for future deliveries?',
  'On a scale from 1 to 5, how happy are you with the help you received today?',
  'I can answer in {preferred_language} if you prefer; just let me know and I will switch.',
];

/** Transition names; each references a variable that transition names may use (no PostCall). */
const transitionNames: readonly string[] = [
  'Customer {customer_first_name} agrees to continue',
  'Customer gives a date for {preferred_date}',
  'Customer asks about the {plan_name} plan',
  'Customer wants a callback at {customer_phone}',
  'Customer reports a problem with order {order_number}',
  'Customer asks about the balance of {balance_due}',
  'Customer confirms the slot {appointment_slot}',
  'Customer {customer_first_name} declines and wants to stop',
  'Customer gives a new address {new_address}',
  'Customer chooses {payment_method} to pay',
  'Customer asks to switch to {preferred_language}',
  'Customer has nothing else to add for account {account_id}',
];

const apiPaths: readonly string[] = [
  'https://crm.example-retail.com/api/v2/accounts/{account_id}/appointments',
  'https://crm.example-retail.com/api/v2/orders/{order_number}/issues',
  'https://billing.example-retail.com/v1/accounts/{account_id}/payments?method={payment_method}',
  'https://crm.example-retail.com/api/v2/accounts/{account_id}/address',
];

/** Small deterministic PRNG (mulberry32): the generated text depends only on the arguments. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type NodeKind = 'dialogue' | 'api' | 'sms' | 'email';

/**
 * A realistic text Pearl create request with `nodeCount` nodes (at least 4), pretty-printed with
 * 2-space indentation like a hand-written `*.pearl.json`: a PreCallAPI node whose two apiResult
 * transitions lead to two OpeningSentence nodes, then a lattice of Dialogue, API (POST, templated
 * endpointUrl, body entries), SMS and Email nodes with 2 or 3 transitions each to later nodes, all
 * reaching one EndCall node; 20 declared PreCall and InCall variables, referenced as `{id}` in
 * scripts, transition names, URLs and templates. The document is meant to be free of diagnostics
 * (docs/interface.md § Graph rules, § Limits; docs/rulings.md § Variables).
 * `seed` varies the node types, scripts and transitions for the same size.
 * @throws RangeError when `nodeCount` is below 4 or not an integer.
 */
export function generateTextPearl(nodeCount: number, seed = 1): string {
  if (!Number.isInteger(nodeCount) || nodeCount < 4) {
    throw new RangeError(`generateTextPearl: nodeCount must be an integer >= 4, got ${nodeCount}`);
  }
  const random = createRandom(seed * 7919 + nodeCount);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const endIndex = nodeCount - 1;
  const firstBody = 3;

  const kinds: NodeKind[] = [];
  const ids: string[] = ['precall_crm_lookup', 'opening_known_customer', 'opening_new_customer'];
  for (let i = firstBody; i < endIndex; i++) {
    const r = random();
    const kind: NodeKind = r < 0.6 ? 'dialogue' : r < 0.75 ? 'api' : r < 0.9 ? 'sms' : 'email';
    kinds[i] = kind;
    ids.push(`${kind}_${String(i).padStart(5, '0')}`);
  }
  ids.push('end_conversation');

  /** Transitions of a body node or opening: always to the next node (so every node has an
   * incoming transition and a path to EndCall), plus forward jumps. */
  const forwardTransitions = (from: number, count: number): object[] => {
    const targets = [Math.min(from + 1, endIndex)];
    while (targets.length < count) targets.push(Math.min(from + 2 + Math.floor(random() * 8), endIndex));
    const names = new Set<string>();
    while (names.size < targets.length) names.add(pick(transitionNames));
    const nameList = [...names];
    return targets.map((target, k) => ({ name: nameList[k], toNodeId: ids[target] }));
  };

  const script = (minLength: number, sentences: readonly string[]): string => {
    let text = '';
    while (text.length < minLength) text += (text ? ' ' : '') + pick(sentences);
    return text;
  };
  const openingSentences = scriptSentences.filter((s) => referencedIds(s).every((id) => preCallIds.includes(id)));

  const nodes: object[] = [
    {
      nodeId: ids[0],
      name: 'Look up the customer',
      nodeType: 3,
      instructions: 'Find the customer in the CRM from the phone number the conversation came from.',
      apiSettings: {
        name: 'CRM customer lookup',
        method: 1,
        endpointUrl: 'https://crm.example-retail.com/api/v2/customers?phone={customer_phone}',
        headers: { Accept: 'application/json' },
        description: 'Returns the customer record: names, email, account, plan, renewal date, balance and home store.',
        // Every PreCall variable but the phone it is looked up by: each is then used, as in a real Pearl.
        outputBody: preCallIds
          .filter((id) => id !== 'customer_phone')
          .map((id) => ({
            key: `customer.${id}`,
            variableId: id,
          })),
      },
      transitions: [
        { name: 'Customer found for {customer_phone}', toNodeId: ids[1], apiResult: 1 },
        { name: 'No customer found for {customer_phone}', toNodeId: ids[2], apiResult: 2 },
      ],
    },
    {
      nodeId: ids[1],
      name: 'Greeting for a known customer',
      nodeType: 2,
      script: `Hi {customer_first_name}, this is Alex from Example Retail. ${script(200, openingSentences)}`,
      transitions: forwardTransitions(firstBody - 1, 2),
    },
    {
      nodeId: ids[2],
      name: 'Greeting for a new customer',
      nodeType: 2,
      script:
        'Hi, this is Alex, the virtual assistant of Example Retail. I can help with orders, appointments and billing. What can I do for you today?',
      transitions: forwardTransitions(firstBody - 1, 3),
    },
  ];
  for (let i = firstBody; i < endIndex; i++) {
    const base = { nodeId: ids[i], name: `Step ${i}: ${kinds[i]}`, nodeType: 0 };
    const transitions = forwardTransitions(i, 2 + Math.floor(random() * 2));
    switch (kinds[i]) {
      case 'dialogue':
        nodes.push({
          ...base,
          nodeType: 10,
          script: script(250 + Math.floor(random() * 200), scriptSentences),
          instructions: 'Collect the details one at a time. If the customer asks for a person, set {callback_requested} to true.',
          transitions,
        });
        break;
      case 'api':
        nodes.push({
          ...base,
          nodeType: 40,
          instructions: 'Submit the request and tell the customer the outcome in one sentence.',
          apiSettings: {
            name: `Submit request ${i}`,
            method: 2,
            endpointUrl: pick(apiPaths),
            headers: { 'Content-Type': 'application/json' },
            body: [
              { key: 'phone', variableId: 'customer_phone', required: true },
              { key: 'slot', variableId: 'appointment_slot', required: false },
              { key: 'summary', variableId: 'issue_summary', required: false },
              { key: 'channel', type: 1, value: 'text-assistant' },
              { key: 'note', type: 1, value: 'Request from {customer_first_name} {customer_last_name} via chat' },
            ],
            description: 'Creates a request in the CRM for the back office to process.',
            outputBody: [{ key: 'status', variableId: 'confirmation_status' }],
            credentialId: 'crm-readwrite',
          },
          transitions,
        });
        break;
      case 'sms':
        nodes.push({
          ...base,
          nodeType: 50,
          smsSettings: {
            body: `Example Retail: thanks {customer_first_name}. Your request for {preferred_date} at {preferred_time} is ${pick(['received', 'confirmed', 'being processed'])}. Reference {order_number}. Questions? Reply to this message.`,
          },
          transitions,
        });
        break;
      case 'email':
        nodes.push({
          ...base,
          nodeType: 51,
          emailSettings: {
            to: ['support@example-retail.com'],
            cc: ['team-lead@example-retail.com'],
            subject: 'Customer {customer_first_name} {customer_last_name}: request for account {account_id}',
            body: `Hello team,\n\n{customer_first_name} {customer_last_name} ({customer_phone}, {customer_email}) asked for help.\nSummary: {issue_summary}\nPreferred slot: {preferred_date} {preferred_time}\nStore: {store_city}\n\nThe assistant`,
          },
          transitions,
        });
        break;
    }
  }
  nodes.push({
    nodeId: ids[endIndex],
    name: 'End the conversation',
    nodeType: 100,
    instructions: 'Thank the customer by name and close the conversation politely.',
  });

  return JSON.stringify(textPearlRequest(`Example Retail assistant (${nodeCount} nodes)`, nodes), null, 2) + '\n';
}

/** The create request around `nodes`: the agent, 20 declared variables, the inbound text channel. */
function textPearlRequest(name: string, nodes: readonly object[]): object {
  return {
    $schema: '../schemas/text-pearl.schema.json',
    name,
    pearl: {
      agentName: 'Alex',
      agentPersonality: 'Friendly, concise and patient',
      timeZone: 'Eastern Standard Time',
      modelType: 11,
      companyName: 'Example Retail',
      companyDescription:
        'Example Retail sells home appliances in twelve stores across New England and online, with delivery, installation and repair services.',
      generalInstructions:
        'Be friendly and brief: at most two sentences per message. Never ask for card numbers in the chat. If the customer writes in Spanish, answer in Spanish.',
      knowledgeBase:
        'Opening hours: Monday to Saturday 9:00-19:00.\nReturns: 30 days with the receipt.\nDelivery: free above 500 dollars.\nRepairs: booked through the assistant or in store.',
      memory: true,
      successDescription: 'The customer got the request handled or a clear answer, or asked for and got a callback.',
      indicatorTags: [
        { id: 'Booked', name: 'Booked', description: 'An appointment was booked.', color: 4 },
        { id: 'Issued', name: 'Issue logged', description: 'A problem with an order was logged.', color: 2 },
        { id: 'CallMe', name: 'Callback', description: 'The customer asked for a callback.', color: 5 },
      ],
      nodes,
    },
    variables: variables.map((v) => ({ id: v.id, name: v.name, group: v.group, type: v.type, isList: false, description: v.description })),
    inbound: {
      totalAgents: 5,
      transcriptOptions: 2,
      callWebhookUrl: 'https://hooks.example-retail.com/pearl/conversations',
      textChannelId: 'tc_5b21e8a9c4d0',
      maxTurns: 40,
      autoCloseAfterInactivityHours: 24,
      inactivityFollowUps: [{ delayMinutes: 30, message: 'Are you still there? I am happy to help whenever you are ready.' }],
    },
  };
}

/** The variable ids referenced as `{id}` in a text (docs/rulings.md § Variables). */
function referencedIds(text: string): string[] {
  return [...text.matchAll(/\{([A-Za-z0-9_-]{1,40})\}/g)].map((m) => m[1]);
}

/** Ids of the variables every generated Pearl declares, PreCall first. */
export const generatedVariableIds: readonly string[] = allIds;

/**
 * The shapes real Pearls have, for `npm run bench:graph` and `bench:layout`:
 * - `hub`: a lattice of steps where nearly every step can end the conversation (one EndCall with an
 *   in-degree in the hundreds), many can hand off to a person (one HandoffChatToHuman) and many go
 *   back to a "main menu" node;
 * - `backEdges`: a lattice with long transitions back to earlier steps and to the menu;
 * - `fanOut`: menus of 24 options, each a chain of three steps leading to the next menu;
 * - `chain`: one deep chain, every step to the next, a few straight to EndCall;
 * - `mix`: all of the above in one Pearl, plus islands (small flows nothing leads to).
 */
export type PearlShape = 'hub' | 'backEdges' | 'fanOut' | 'chain' | 'mix';

/** Every {@link PearlShape}, in the order the benchmarks print them. */
export const pearlShapes: readonly PearlShape[] = ['hub', 'backEdges', 'fanOut', 'chain', 'mix'];

/** A generated document's shape in `npm run bench`: `text` is {@link generateTextPearl}'s, the others {@link generateShapedPearl}'s. */
export type BenchShape = 'text' | PearlShape;

/** The generated Pearl of `nodes` nodes of a {@link BenchShape}. */
export function generateBenchPearl(shape: BenchShape, nodes: number): string {
  return shape === 'text' ? generateTextPearl(nodes) : generateShapedPearl(shape, nodes);
}

/**
 * The sizes and shapes a language-service bench is asked for on its command line
 * (`--sizes=1000,5000`, `--shapes=text,mix`), else `defaults`. Throws on a shape it cannot generate.
 */
export function benchSizesAndShapes(
  argv: readonly string[],
  defaults: { readonly sizes: readonly number[]; readonly shapes: readonly BenchShape[] },
): { readonly sizes: readonly number[]; readonly shapes: readonly BenchShape[] } {
  const sizesArgument = argv.find((argument) => argument.startsWith('--sizes='));
  const sizes = sizesArgument ? sizesArgument.slice('--sizes='.length).split(',').map(Number) : defaults.sizes;
  const shapesArgument = argv.find((argument) => argument.startsWith('--shapes='));
  const shapes = shapesArgument ? (shapesArgument.slice('--shapes='.length).split(',') as BenchShape[]) : defaults.shapes;
  for (const shape of shapes) {
    if (shape !== 'text' && !pearlShapes.includes(shape))
      throw new Error(`unknown shape '${shape}'; the shapes are text, ${pearlShapes.join(', ')}.`);
  }
  return { sizes, shapes };
}

/** A node of a shaped Pearl before it is written out: its index in `pearl.nodes` is its place in the list. */
interface ShapeNode {
  readonly id: string;
  readonly name: string;
  /** 2 OpeningSentence, 10 Dialogue, 31 HandoffChatToHuman, 100 EndCall. */
  readonly nodeType: 2 | 10 | 31 | 100;
  readonly to: { name: string; target: number }[];
}

/** Builds the nodes of a shape: `add` appends a node and returns its index. */
interface ShapeBuilder {
  readonly nodes: ShapeNode[];
  readonly random: () => number;
  add(id: string, name: string, nodeType?: ShapeNode['nodeType']): number;
  link(from: number, to: number, name?: string): void;
}

const stepNames: readonly string[] = [
  'Ask for the order number',
  'Check the delivery address',
  'Offer a new appointment slot',
  'Confirm the payment method',
  'Explain the return policy',
  'Collect the issue summary',
  'Ask about the preferred store',
  'Confirm the contact details',
];

/**
 * A text Pearl of `nodeCount` nodes (at least 8) in the given shape, pretty-printed like
 * {@link generateTextPearl}'s, every node but the islands reachable from the one OpeningSentence,
 * one EndCall last. Deterministic for the same arguments.
 * @throws RangeError when `nodeCount` is below 8 or not an integer.
 */
export function generateShapedPearl(shape: PearlShape, nodeCount: number, seed = 1): string {
  if (!Number.isInteger(nodeCount) || nodeCount < 8) {
    throw new RangeError(`generateShapedPearl: nodeCount must be an integer >= 8, got ${nodeCount}`);
  }
  const builder = createBuilder(createRandom(seed * 104_729 + nodeCount * 31 + pearlShapes.indexOf(shape)));
  const opening = builder.add('opening', 'Greet the customer', 2);
  const menu = builder.add('main_menu', 'Main menu: what can I do for you?');
  builder.link(opening, menu, 'Customer says hello');
  // The last two nodes: a handoff to a person and the EndCall, indexes known in advance.
  const handoff = nodeCount - 2;
  const end = nodeCount - 1;
  const body = handoff - builder.nodes.length;
  const ends = { menu, handoff, end };
  if (shape === 'mix') {
    const parts: [PearlShape, number][] = [
      ['hub', 0.3],
      ['fanOut', 0.25],
      ['chain', 0.15],
      ['backEdges', 0.2],
    ];
    let left = body;
    for (const [part, share] of parts) {
      const count = Math.floor(body * share);
      addShape(builder, part, count, ends);
      left -= count;
    }
    addIslands(builder, left, ends);
  } else addShape(builder, shape, body, ends);
  builder.add('handoff_to_person', 'Hand over to a person', 31);
  builder.add('end_conversation', 'End the conversation', 100);
  builder.link(handoff, end, 'Person takes over');
  return (
    JSON.stringify(textPearlRequest(`Example Retail assistant (${shape}, ${nodeCount} nodes)`, writeShapeNodes(builder)), null, 2) + '\n'
  );
}

function createBuilder(random: () => number): ShapeBuilder {
  const nodes: ShapeNode[] = [];
  return {
    nodes,
    random,
    add(id, name, nodeType = 10) {
      nodes.push({ id, name, nodeType, to: [] });
      return nodes.length - 1;
    },
    link(from, to, name) {
      const node = nodes[from];
      const used = new Set(node.to.map((transition) => transition.name));
      let candidate = name ?? transitionNames[Math.floor(random() * transitionNames.length)];
      for (let k = 2; used.has(candidate); k++) candidate = `${name ?? 'Customer continues'} (${k})`;
      node.to.push({ name: candidate, target: to });
    },
  };
}

/** Appends `count` nodes of `shape` after the menu, the first reached from the menu, all reaching `ends.end`. */
function addShape(builder: ShapeBuilder, shape: PearlShape, count: number, ends: { menu: number; handoff: number; end: number }): void {
  if (count <= 0) return;
  const { random, nodes } = builder;
  const first = nodes.length;
  const step = (index: number): number =>
    builder.add(`${shape}_${String(index).padStart(5, '0')}`, `${stepNames[index % stepNames.length]} (${index})`);
  if (shape === 'fanOut') {
    addFanOut(builder, count, ends);
    return;
  }
  for (let index = first; index < first + count; index++) step(index);
  builder.link(ends.menu, first, `Customer picks option ${first}`);
  for (let index = first; index < first + count; index++) {
    const last = index === first + count - 1;
    builder.link(index, last ? ends.end : index + 1, last ? 'Customer is done' : 'Customer answers');
    if (shape === 'chain') {
      if (random() < 0.15) builder.link(index, ends.end, 'Customer wants to stop');
      continue;
    }
    if (!last && random() < 0.5) builder.link(index, Math.min(first + count - 1, index + 2 + Math.floor(random() * 3)));
    if (shape === 'hub') {
      if (random() < 0.9) builder.link(index, ends.end, 'Customer wants to stop');
      if (random() < 0.3) builder.link(index, ends.handoff, 'Customer asks for a person');
      if (random() < 0.3) builder.link(index, ends.menu, 'Customer wants something else');
    } else {
      if (index > first + 2 && random() < 0.5)
        builder.link(index, first + Math.floor(random() * (index - first - 1)), 'Customer goes back');
      if (random() < 0.3) builder.link(index, ends.menu, 'Customer wants something else');
      if (random() < 0.2) builder.link(index, ends.end, 'Customer wants to stop');
    }
  }
}

/** Menus of 24 options, each option a chain of 3 steps whose last step leads to the next menu (or EndCall). */
function addFanOut(builder: ShapeBuilder, count: number, ends: { menu: number; end: number }): void {
  const options = 24;
  let previousEnds: number[] = [ends.menu];
  let made = 0;
  for (let block = 0; made < count; block++) {
    const menu = builder.add(`fan_menu_${block}`, `Menu ${block}: choose a topic`);
    made++;
    for (const from of previousEnds) builder.link(from, menu, 'Customer wants another topic');
    const chainEnds: number[] = [];
    for (let option = 0; option < options && made < count; option++) {
      let previous = menu;
      for (let depth = 0; depth < 3 && made < count; depth++, made++) {
        const node = builder.add(
          `fan_${block}_${option}_${depth}`,
          `${stepNames[(option + depth) % stepNames.length]} (${block}.${option})`,
        );
        builder.link(previous, node, depth === 0 ? `Topic ${option + 1}` : 'Customer answers');
        previous = node;
      }
      chainEnds.push(previous);
      builder.link(previous, ends.end, 'Customer is done');
    }
    previousEnds = chainEnds;
  }
}

/** Small flows of about 8 nodes that nothing leads to (drafts being written), each ending at EndCall. */
function addIslands(builder: ShapeBuilder, count: number, ends: { end: number }): void {
  let made = 0;
  for (let island = 0; made < count; island++) {
    let previous: number | undefined;
    for (let depth = 0; depth < 8 && made < count; depth++, made++) {
      const node = builder.add(`island_${island}_${depth}`, `Draft flow ${island}, step ${depth + 1}`);
      if (previous !== undefined) builder.link(previous, node, 'Customer answers');
      previous = node;
    }
    if (previous !== undefined) builder.link(previous, ends.end, 'Customer is done');
  }
}

/** The `pearl.nodes` of a shaped Pearl: Dialogue scripts, the opening's, the handoff's and EndCall's instructions. */
function writeShapeNodes(builder: ShapeBuilder): object[] {
  const { nodes, random } = builder;
  return nodes.map((node) => {
    const transitions = node.to.map((transition) => ({ name: transition.name, toNodeId: nodes[transition.target].id }));
    const base = { nodeId: node.id, name: node.name, nodeType: node.nodeType };
    switch (node.nodeType) {
      case 2:
        return { ...base, script: 'Hi, this is Alex, the virtual assistant of Example Retail. How can I help you today?', transitions };
      case 31:
        return { ...base, instructions: 'Tell the customer that a person will continue the chat shortly.', transitions };
      case 100:
        return { ...base, instructions: 'Thank the customer and close the conversation politely.' };
      default:
        return { ...base, script: scriptSentences[Math.floor(random() * scriptSentences.length)], transitions };
    }
  });
}

/** A node of a generated Pearl, as the benches edit it (the fields they read and change). */
export interface ShapedNode {
  nodeId: string;
  name?: string;
  script?: string;
  transitions?: { name: string; toNodeId: string }[];
}

/** `text` (a generated Pearl) changed by `change` on its `pearl.nodes`, pretty-printed again. */
export function edit(text: string, change: (nodes: ShapedNode[]) => void): string {
  const value = JSON.parse(text) as { pearl: { nodes: ShapedNode[] } };
  change(value.pearl.nodes);
  return JSON.stringify(value, null, 2) + '\n';
}

/** The middle node of a generated Pearl that has a script and transitions (a Dialogue): the one the benches edit. */
export function middle(nodes: ShapedNode[]): ShapedNode {
  const dialogues = nodes.filter((node) => typeof node.script === 'string' && (node.transitions?.length ?? 0) > 0);
  return dialogues[Math.floor(dialogues.length / 2)];
}
