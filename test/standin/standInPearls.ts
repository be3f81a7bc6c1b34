/**
 * The stand-in's Pearls and account (docs/public-reference.md): what GET /v2/Pearl,
 * GET /v2/Pearl/{id}/Settings, PUT /v2/Pearl/{id}, PUT /v2/Pearl/{id}/Active and GET /v1/Account
 * answer. Seeded with four Pearls made "in the platform's interface" (their settings come back with
 * an empty `pearl` and `variables`), one in each status the reference names but Running-only
 * counts: so the Pearls view has something to show before anything is deployed.
 */

/** Pearl `status` values of the reference: 1 Running, 2 Paused, 3 Suspended, 10 TemporaryMaintenance. */
export type PearlStatus = 1 | 2 | 3 | 10;

/** One Pearl of the stand-in. `request` is the create (or last update) request, parsed. */
export interface StandInPearl {
  readonly id: string;
  readonly kind: 'text' | 'simple';
  readonly createdAt: number;
  status: PearlStatus;
  /** The create or update request body as parsed; the settings answer is built from it. */
  request: Record<string, unknown>;
  /** Made in the platform's interface: the settings answer has an empty `pearl` and `variables`. */
  readonly platformMade: boolean;
}

/** The account of GET /v1/Account; `status` 1 FullAccess … 5 DebtReached. */
export interface StandInAccount {
  name: string | null;
  totalAgents: number;
  creditBalance: number;
  status: number;
  remainingMinutes: number;
}

/** The stand-in's initial account. */
export function defaultAccount(): StandInAccount {
  return { name: 'Stand-in account', totalAgents: 4, creditBalance: 125.5, status: 1, remainingMinutes: 830 };
}

/** The seeded Pearls, created `seededAgoMs` before `now`: ids `prl_seed_1` … `prl_seed_4`. */
export function seedPearls(now: number): StandInPearl[] {
  const seed = (n: number, name: string, inbound: boolean, status: PearlStatus): StandInPearl => ({
    id: `prl_seed_${n}`,
    kind: 'simple',
    createdAt: now - (10 - n) * 86_400_000,
    status,
    platformMade: true,
    request: inbound
      ? { name, inbound: { totalAgents: 2, phoneNumberId: 'phone-seed' } }
      : { name, outbound: { totalAgents: 1, phoneNumberId: 'phone-seed', timeZone: 'Eastern Standard Time' } },
  });
  return [
    seed(1, 'Reception (made in the platform)', true, 1),
    seed(2, 'Winter campaign', false, 2),
    seed(3, 'Old survey', false, 3),
    seed(4, 'Billing line', true, 10),
  ];
}

/** Whether a Pearl's request carries an inbound configuration. */
export function isInboundPearl(pearl: StandInPearl): boolean {
  const inbound = pearl.request.inbound;
  return typeof inbound === 'object' && inbound !== null;
}

/** The GET /v2/Pearl entry of `pearl`: id, name, createdAt (ISO), type (1 Inbound, 2 Outbound), status. */
export function listEntry(pearl: StandInPearl): Record<string, unknown> {
  const name = typeof pearl.request.name === 'string' ? pearl.request.name : null;
  return {
    id: pearl.id,
    name,
    createdAt: new Date(pearl.createdAt).toISOString(),
    type: isInboundPearl(pearl) ? 1 : 2,
    status: pearl.status,
  };
}

/**
 * The GET /v2/Pearl/{id}/Settings answer: `{ name, type, pearl, variables, inbound | outbound }`,
 * the request's values; `pearl` `{}` and `variables` `[]` for a Pearl made in the platform.
 */
export function settingsOf(pearl: StandInPearl): Record<string, unknown> {
  const { name, pearl: flow, variables, inbound, outbound } = pearl.request;
  const settings: Record<string, unknown> = {
    name: typeof name === 'string' ? name : null,
    type: isInboundPearl(pearl) ? 1 : 2,
    pearl: pearl.platformMade ? {} : (flow ?? null),
    variables: pearl.platformMade ? [] : (variables ?? []),
  };
  if (inbound !== undefined && inbound !== null) settings.inbound = inbound;
  if (outbound !== undefined && outbound !== null) settings.outbound = outbound;
  return settings;
}

/**
 * The status after PUT Active: Running when `isActive`, else Paused. A Suspended (3) or
 * TemporaryMaintenance (10) Pearl keeps its status: the platform, not the user, lifts those.
 */
export function nextStatus(current: PearlStatus, isActive: boolean): PearlStatus {
  if (current === 3 || current === 10) return current;
  return isActive ? 1 : 2;
}

/** `isActive` of a PUT Active body, or undefined when the body is not `{"isActive": boolean}`. */
export function readIsActive(body: string): boolean | undefined {
  try {
    const value = JSON.parse(body) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const isActive = (value as { isActive?: unknown }).isActive;
    return typeof isActive === 'boolean' ? isActive : undefined;
  } catch {
    return undefined;
  }
}
