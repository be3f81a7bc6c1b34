// The memory bound of pearl-lint's concurrent reads (server/src/cli/byteBudget.ts): contents are
// read only while they fit, first come first served; a file larger than the budget is read alone.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { ByteBudget } from '../../server/src/cli/byteBudget';

/** Acquires `bytes` and records the order of the grants in `granted`. */
function acquire(budget: ByteBudget, bytes: number, granted: number[]): Promise<void> {
  return budget.acquire(bytes).then(() => {
    granted.push(bytes);
  });
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

test('grants what fits at once, holds back what does not, in the order asked, as bytes are released', async () => {
  const budget = new ByteBudget(10);
  const granted: number[] = [];
  void acquire(budget, 6, granted);
  void acquire(budget, 3, granted);
  void acquire(budget, 5, granted);
  // 1 would fit beside 6 and 3, but waits behind 5: first come, first served.
  void acquire(budget, 1, granted);
  await settle();
  assert.deepEqual(granted, [6, 3]);
  budget.release(6);
  await settle();
  assert.deepEqual(granted, [6, 3, 5, 1]);
});

test('an amount larger than the whole budget waits until nothing is held, then is granted alone', async () => {
  const budget = new ByteBudget(10);
  const granted: number[] = [];
  void acquire(budget, 4, granted);
  void acquire(budget, 25, granted);
  void acquire(budget, 1, granted);
  await settle();
  assert.deepEqual(granted, [4]);
  budget.release(4);
  await settle();
  assert.deepEqual(granted, [4, 25]);
  budget.release(25);
  await settle();
  assert.deepEqual(granted, [4, 25, 1]);
});
