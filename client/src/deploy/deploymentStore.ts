import * as vscode from 'vscode';

/** One link between a file and a Pearl: a deploy that created or updated it, or an import (docs/rulings.md § Service). */
export interface DeploymentRecord {
  /** The deployed file's URI (string form). */
  readonly uri: string;
  /** The id the service returned. */
  readonly pearlId: string;
  /** When it was created, ISO 8601. */
  readonly time: string;
  /** SHA-256 (hex) of the body that was sent. */
  readonly contentHash: string;
  /** The base URL it was sent to. */
  readonly baseUrl: string;
  /** The Pearl's name, when the file had one. */
  readonly name?: string;
  readonly kind: 'text' | 'simple';
  /**
   * How the file and the Pearl came together: `created` by a deploy (the default for records made
   * before this field), `updated` in place by a deploy (PUT /v2/Pearl/{id}), or `imported` from the
   * Pearls view (the file was written from the live settings).
   */
  readonly action?: 'created' | 'updated' | 'imported';
  /**
   * SHA-256 (hex) of what an update would overwrite, as deployed (or imported), in the form that
   * `liveCheck.ts` compares with the live settings (`comparableJson` there). Absent in records made
   * before this field: then whether the Pearl changed on the service cannot be told.
   */
  readonly settingsHash?: string;
  /**
   * That same form itself (`comparableJson` there), kept when it is at most `maxRecordedBodyBytes`
   * (64 KiB), to name the fields changed on the service; only the latest record of a file keeps it.
   */
  readonly settingsBody?: string;
}

const stateKey = 'pearl.deployments';
const maxRecords = 200;

/**
 * The deployments made from this machine, newest last, kept in the extension's global state so they
 * survive a restart. The latest deployment of a file is what the status bar watches.
 */
export class DeploymentStore implements vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<DeploymentRecord>();
  /** Fires with each new record. */
  readonly onDidAdd = this.changeEmitter.event;

  constructor(private readonly memento: vscode.Memento) {}

  /** Every record, oldest first. */
  all(): readonly DeploymentRecord[] {
    return this.memento.get<DeploymentRecord[]>(stateKey, []);
  }

  /** The latest deployment of the file `uri`, or undefined. */
  latestFor(uri: vscode.Uri | string): DeploymentRecord | undefined {
    const key = uri.toString();
    const records = this.all();
    for (let i = records.length - 1; i >= 0; i--) if (records[i].uri === key) return records[i];
    return undefined;
  }

  /**
   * Records a deployment (keeping the newest 200). Earlier records of the same file drop their
   * `settingsBody`: only the latest deployment is compared with the live settings.
   */
  async add(record: DeploymentRecord): Promise<void> {
    const earlier = this.all().map((old) => {
      if (old.uri !== record.uri || old.settingsBody === undefined) return old;
      const { settingsBody, ...rest } = old;
      return rest;
    });
    const records = [...earlier, record].slice(-maxRecords);
    await this.memento.update(stateKey, records);
    this.changeEmitter.fire(record);
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }
}
