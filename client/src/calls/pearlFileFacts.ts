/**
 * What the calls features read of a Pearl file (docs/interface.md § DataSettings, § CallLabel): its
 * declared variables (id, name, group, type, isList), its indicator tags (`pearl.indicatorTags`: id
 * → name, colour) and whether `pearl.memory` is on. Read leniently from the file's text
 * (comments and trailing commas tolerated, as the editor does); anything of another shape is left
 * out. It imports nothing from `vscode`.
 */

import { parse } from 'jsonc-parser';
import type { TagInfo } from './callsTreeModel';

/** Largest Pearl file read, in UTF-16 units (the language server's bound is of the same order). */
export const maxPearlFileLength = 5 * 1024 * 1024;

/** Most variables and tags read. */
const maxEntries = 1000;

/** A variable the file declares. */
export interface DeclaredVariable {
  readonly id: string;
  readonly name?: string;
  /** 1 PreCall, 2 InCall, 3 PostCall; undefined when not an integer. */
  readonly group?: number;
  /** 1 String … 7 DateTime; undefined when not an integer. */
  readonly type?: number;
  readonly isList: boolean;
}

/** The facts of one Pearl file. */
export interface PearlFileFacts {
  readonly variables: readonly DeclaredVariable[];
  /** Tag id → name and colour. */
  readonly tags: ReadonlyMap<string, TagInfo>;
  /** `pearl.memory`; undefined when absent or not a boolean. */
  readonly memory?: boolean;
}

/** The facts of `text` (a `*.pearl.json` file's content); empty facts for text that is not a JSON object or too long. */
export function readPearlFileFacts(text: string): PearlFileFacts {
  const empty: PearlFileFacts = { variables: [], tags: new Map() };
  if (text.length > maxPearlFileLength) return empty;
  const root = parse(text, [], { allowTrailingComma: true, disallowComments: false }) as unknown;
  if (!isRecord(root)) return empty;
  const variables: DeclaredVariable[] = [];
  const seen = new Set<string>();
  for (const variable of Array.isArray(root.variables) ? root.variables.slice(0, maxEntries) : []) {
    if (!isRecord(variable) || typeof variable.id !== 'string' || seen.has(variable.id)) continue;
    seen.add(variable.id);
    variables.push({
      id: variable.id,
      ...(typeof variable.name === 'string' ? { name: variable.name } : {}),
      ...(Number.isInteger(variable.group) ? { group: variable.group as number } : {}),
      ...(Number.isInteger(variable.type) ? { type: variable.type as number } : {}),
      isList: variable.isList === true,
    });
  }
  const tags = new Map<string, TagInfo>();
  const pearl = isRecord(root.pearl) ? root.pearl : {};
  for (const tag of Array.isArray(pearl.indicatorTags) ? pearl.indicatorTags.slice(0, maxEntries) : []) {
    if (!isRecord(tag) || typeof tag.id !== 'string' || tags.has(tag.id)) continue;
    tags.set(tag.id, {
      name: typeof tag.name === 'string' && tag.name.trim() !== '' ? tag.name : tag.id,
      ...(Number.isInteger(tag.color) ? { color: tag.color as number } : {}),
      ...(typeof tag.description === 'string' ? { description: tag.description } : {}),
    });
  }
  return { variables, tags, ...(typeof pearl.memory === 'boolean' ? { memory: pearl.memory } : {}) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A saved walk's name and its values known before the conversation (a walks file's `walks[].variables`). */
export interface WalkValues {
  readonly name: string;
  readonly variables: Readonly<Record<string, string>>;
}

/**
 * The `pearl` path and the walks (name, string variables) of a walks file's text (docs/user/walks.md),
 * at most {@link maxEntries} walks; empty when the text is not a walks file.
 */
export function readWalkValues(text: string): { pearl?: string; walks: WalkValues[] } {
  if (text.length > maxPearlFileLength) return { walks: [] };
  const root = parse(text, [], { allowTrailingComma: true, disallowComments: false }) as unknown;
  if (!isRecord(root)) return { walks: [] };
  const walks: WalkValues[] = [];
  for (const walk of Array.isArray(root.walks) ? root.walks.slice(0, maxEntries) : []) {
    if (!isRecord(walk) || typeof walk.name !== 'string') continue;
    const variables: Record<string, string> = {};
    if (isRecord(walk.variables))
      for (const [id, value] of Object.entries(walk.variables)) if (typeof value === 'string') variables[id] = value;
    walks.push({ name: walk.name, variables });
  }
  return { ...(typeof root.pearl === 'string' ? { pearl: root.pearl } : {}), walks };
}
