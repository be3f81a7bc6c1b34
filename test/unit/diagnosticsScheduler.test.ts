// When the server validates and publishes: at once on open, debounced while typing with a maximum
// wait, never for a version the editor no longer shows, cleared on close. A fake clock runs the
// timers, so each case is exact and instant.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticsScheduler, SchedulerClock } from '../../server/src/diagnosticsScheduler';

/** A clock whose time moves only by {@link FakeClock.advance}, firing the timers that come due. */
class FakeClock implements SchedulerClock {
  private time = 0;
  private timers = new Map<number, { at: number; callback: () => void }>();
  private nextId = 1;
  now(): number {
    return this.time;
  }
  setTimeout(callback: () => void, delayMs: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + delayMs, callback });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = end;
  }
  get pending(): number {
    return this.timers.size;
  }
}

/** A scheduler over one open document, recording what it validates and publishes. */
function setUp() {
  const clock = new FakeClock();
  const documents = new Map<string, TextDocument>();
  const validated: number[] = [];
  const published: { uri: string; version?: number; count: number; at: number }[] = [];
  const scheduler = new DiagnosticsScheduler(
    {
      getDocument: (uri) => documents.get(uri),
      validate: (textDocument) => {
        validated.push(textDocument.version);
        return [];
      },
      publish: ({ uri, version, diagnostics }) => published.push({ uri, version, count: diagnostics.length, at: clock.now() }),
    },
    200,
    1000,
    clock,
  );
  const uri = 'file:///a.pearl.json';
  const open = (version: number): TextDocument => {
    const document = TextDocument.create(uri, 'pearl', version, '{}');
    documents.set(uri, document);
    return document;
  };
  return { clock, documents, validated, published, scheduler, uri, open };
}

test('open validates and publishes at once; the change event of the same version validates nothing more', () => {
  const { clock, validated, published, scheduler, uri, open } = setUp();
  const document = open(1);
  scheduler.opened(document);
  scheduler.changed(document);
  clock.advance(5000);
  assert.deepEqual(validated, [1]);
  assert.deepEqual(published, [{ uri, version: 1, count: 0, at: 0 }]);
});

test('changes are validated 200 ms after the last one, once', () => {
  const { clock, validated, published, scheduler, open } = setUp();
  scheduler.changed(open(2));
  clock.advance(150);
  scheduler.changed(open(3));
  clock.advance(199);
  assert.deepEqual(validated, []);
  clock.advance(1);
  assert.deepEqual(validated, [3]);
  assert.deepEqual(
    published.map(({ version, at }) => ({ version, at })),
    [{ version: 3, at: 350 }],
  );
});

test('typing without pause still publishes 1 s after the first change not yet validated', () => {
  const { clock, validated, published, scheduler, open } = setUp();
  for (let version = 2; version <= 20; version++) {
    scheduler.changed(open(version));
    clock.advance(100);
  }
  // Changes at 0, 100, ... 1800 ms: the first publish at 1000 ms, of version 11 (changed at 900 ms).
  assert.equal(published[0].at, 1000);
  assert.equal(published[0].version, 11);
  // The last change (version 20, at 1800 ms) 200 ms later.
  clock.advance(100);
  assert.deepEqual(validated, [11, 20]);
});

test('a version the editor no longer shows is not validated; a close cancels and clears', () => {
  const { clock, documents, validated, published, scheduler, uri, open } = setUp();
  scheduler.changed(open(2));
  // The document moves on without a change event reaching the scheduler yet.
  open(3);
  clock.advance(300);
  assert.deepEqual(validated, []);
  scheduler.changed(open(4));
  documents.delete(uri);
  scheduler.closed(uri);
  clock.advance(5000);
  assert.deepEqual(validated, []);
  assert.deepEqual(published, [{ uri, version: undefined, count: 0, at: 300 }]);
  assert.equal(clock.pending, 0);
});

test('dispose cancels every pending validation', () => {
  const { clock, validated, scheduler, open } = setUp();
  scheduler.changed(open(2));
  scheduler.dispose();
  clock.advance(5000);
  assert.deepEqual(validated, []);
  assert.equal(clock.pending, 0);
});
