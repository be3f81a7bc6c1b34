import type { RunningCodeServer } from './codeServer';
import type { RunFolder } from './runFolder';
import type { RunningStandIn } from './standIn';

export async function runUiPass(options: { server: RunningCodeServer; run: RunFolder; standIn?: RunningStandIn }): Promise<string[]> {
  void options;
  return [];
}
