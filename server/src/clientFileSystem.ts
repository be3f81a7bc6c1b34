// The server's file access through the client, for the web worker server (browserServer.ts), which
// has no file system: each read is a request the VS Code client answers with `workspace.fs`
// (protocol/workspaceFileRequests.ts), so it works on virtual workspaces (github.dev) too.
import type { Connection } from 'vscode-languageserver';
import { workspaceReadDirectoryRequest, workspaceReadFileRequest, workspaceStatRequest } from '#protocol/workspaceFileRequests';
import type { ReadConfigurationFile, WorkspaceFileSystem } from './service/pearlLanguageService';

/** The language service's {@link WorkspaceFileSystem} over `connection`: every method is one request to the client. */
export function createClientFileSystem(connection: Connection): WorkspaceFileSystem {
  return {
    readDirectory: (uri) => connection.sendRequest(workspaceReadDirectoryRequest, { uri }),
    stat: (uri) => connection.sendRequest(workspaceStatRequest, { uri }),
    async readFile(uri) {
      const text = await connection.sendRequest(workspaceReadFileRequest, { uri });
      if (text === null) throw new Error(`${uri} does not exist`);
      return text;
    },
  };
}

/** Most `.pearlrc.json` candidates (one per folder above an open document) whose last read is kept. */
const maxCachedFiles = 500;

/**
 * A synchronous `.pearlrc.json` reader ({@link ReadConfigurationFile}, which the language service
 * calls during a validation) over the client's asynchronous reads: it answers the last text read
 * for the URI (undefined the first time) and reads the file again in the background, one read per
 * URI at a time; when the text read differs from the one answered, it calls `changed`, and the
 * server validates the open documents again with it. A `.pearlrc.json` thus applies, or its edit
 * applies, one round trip after the validation that first asked for it.
 */
export class ClientConfigurationFiles {
  private readonly texts = new Map<string, string | undefined>();
  private readonly reading = new Set<string>();
  private changed: () => void = () => undefined;

  /** @param connection where the reads are sent; a refused read counts as no file (it is logged). */
  constructor(private readonly connection: Connection) {}

  /** The reader to give the language service. */
  readonly read: ReadConfigurationFile = (uri) => {
    this.refresh(uri);
    return this.texts.get(uri);
  };

  /** Sets what is called when a file read in the background is not what was answered. */
  onChanged(changed: () => void): void {
    this.changed = changed;
  }

  private refresh(uri: string): void {
    if (this.reading.has(uri)) return;
    this.reading.add(uri);
    void this.connection
      .sendRequest(workspaceReadFileRequest, { uri })
      .then(
        (text) => text ?? undefined,
        (error: unknown) => {
          this.connection.console.error(`Pearl: cannot read ${uri}: ${error instanceof Error ? error.message : String(error)}`);
          return undefined;
        },
      )
      .then((text) => {
        this.reading.delete(uri);
        const known = this.texts.has(uri);
        if (known && this.texts.get(uri) === text) return;
        if (!known && this.texts.size >= maxCachedFiles) this.texts.delete(this.texts.keys().next().value as string);
        this.texts.set(uri, text);
        // A file found where nothing was answered, or a text that changed: validate again.
        if (known || text !== undefined) this.changed();
      });
  }
}
