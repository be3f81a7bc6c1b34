import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { maskToken, minMaskedRun } from '../../client/src/api/maskToken';

describe('maskToken', () => {
  const token = 'acct-1:Zq8vR2mK9pLx';

  test('the whole token, the secret key, and any run of 8 or more characters of the key', () => {
    assert.equal(minMaskedRun, 8);
    assert.equal(maskToken(`Bearer ${token}!`, token), 'Bearer ***!');
    assert.equal(maskToken('key Zq8vR2mK9pLx', token), 'key ***');
    assert.equal(maskToken('tail R2mK9pLx; head Zq8vR2mK', token), 'tail ***; head ***');
    assert.equal(maskToken('seven Zq8vR2m only', token), 'seven Zq8vR2m only');
    assert.equal(maskToken('account acct-1 is fine', token), 'account acct-1 is fine');
  });

  test('an echo mixing escapes and plain characters is masked', () => {
    assert.equal(maskToken('x=Zq8%76R2\\u006dK9pLx;', token), 'x=***;');
    assert.equal(maskToken('%61cct-1%3AZq8vR2mK9pLx', token), '***');
  });

  test('a secret key shorter than 8 characters is masked whole; one shorter than 4 is not masked', () => {
    assert.equal(maskToken('the key abc12 and abc1', 'acct:abc12'), 'the key *** and abc1');
    assert.equal(maskToken('ab1 ab1', 'acct:ab1'), 'ab1 ab1');
    assert.equal(maskToken('ab1 acct:ab1', 'acct:ab1'), 'ab1 ***');
  });

  test('a token without a colon is all secret', () => {
    assert.equal(maskToken('got 0123456789abcdef', '0123456789abcdef'), 'got ***');
    assert.equal(maskToken('got 456789ab', '0123456789abcdef'), 'got ***');
  });

  test('text that only looks like escapes is left as it is', () => {
    assert.equal(maskToken('100% \\u12 \\q %zz', token), '100% \\u12 \\q %zz');
  });
});
