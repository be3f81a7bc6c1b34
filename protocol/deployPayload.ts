import type { Diagnostic } from 'vscode-languageserver-types';

/** What a deploy will send, and to which operation (docs/interface.md § Endpoints). */
export interface DeployPayload {
  readonly kind: 'text' | 'simple';
  /** `/v2/Pearl/Text` or `/v2/Pearl`. */
  readonly path: '/v2/Pearl/Text' | '/v2/Pearl';
  /** The request body: the parsed value as strict JSON, `$schema` removed (docs/rulings.md § Files). */
  readonly body: string;
  readonly name?: string;
  /** Which channel configuration the request carries; undefined when neither or both. */
  readonly direction?: 'inbound' | 'outbound';
  /** textChannelId (text) or phoneNumberId (simple) of that configuration. */
  readonly channelId?: string;
  /** Error diagnostics of this version; a deploy is refused while there are any. */
  readonly errors: readonly Diagnostic[];
  /**
   * Values a template left for the user to fill (the `template-placeholder` code, issue 19): a
   * deploy is refused while there are any, with a message naming the field. `path` is the field's
   * JSON path as the service's errors spell it (`inbound.textChannelId`, `pearl.nodes[0].script`);
   * `field` names it for a message, nodes and transitions by their ids and names (`script of
   * OpeningSentence node 'greeting'`); `value` is the placeholder as written.
   */
  readonly placeholders: readonly { readonly path: string; readonly field: string; readonly value: string }[];
  /**
   * Keys written more than once in one object (`duplicate-key`): what is sent holds only the last
   * value, so the deploy confirmation names each, nodes by their ids (`name of Dialogue node 'menu'`,
   * `inbound.textChannelId`).
   */
  readonly droppedKeys: readonly string[];
  /** The document version this payload was built from. */
  readonly version: number;
}
