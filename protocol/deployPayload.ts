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
  /** The document version this payload was built from. */
  readonly version: number;
}
