import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import windowsZones from 'cldr-core/supplemental/windowsZones.json';
import { checkTimeZone, getWindowsTimeZoneIds } from '../../server/src/service/interface/timeZones';

test('the Windows ids are CLDR windowsZones values, sorted and unique', () => {
  const ids = getWindowsTimeZoneIds();
  assert.ok(ids.length > 100);
  assert.deepEqual([...ids], [...new Set(ids)].sort());
  for (const id of ['Eastern Standard Time', 'GMT Standard Time', 'Israel Standard Time', 'UTC', 'UTC+12']) {
    assert.ok(ids.includes(id), id);
    assert.deepEqual(checkTimeZone(id), { kind: 'windows' });
  }
});

test('every IANA id CLDR lists maps to a Windows id', () => {
  for (const { mapZone } of windowsZones.supplemental.windowsZones.mapTimezones) {
    // CLDR 48 has a double space in one list: skip the empty piece.
    for (const ianaId of mapZone._type.split(' ').filter((id) => id !== '')) {
      const check = checkTimeZone(ianaId);
      assert.equal(check.kind, 'iana', ianaId);
      assert.equal(check.kind === 'iana' && check.windowsId, mapZone._other, ianaId);
    }
  }
});

test('IANA ids in any letter case map to their Windows id', () => {
  assert.deepEqual(checkTimeZone('America/New_York'), { kind: 'iana', windowsId: 'Eastern Standard Time' });
  assert.deepEqual(checkTimeZone('europe/london'), { kind: 'iana', windowsId: 'GMT Standard Time' });
  assert.deepEqual(checkTimeZone('Asia/Jerusalem'), { kind: 'iana', windowsId: 'Israel Standard Time' });
});

test('an IANA link CLDR does not list is still recognised as IANA', () => {
  // The runtime's ICU resolves the link; whether it names the CLDR id depends on the Node version.
  const check = checkTimeZone('US/Eastern');
  assert.equal(check.kind, 'iana');
  if (check.kind === 'iana' && check.windowsId !== undefined) assert.equal(check.windowsId, 'Eastern Standard Time');
});

test('a Windows id in another case or spacing is misspelled, with the right spelling', () => {
  assert.deepEqual(checkTimeZone('eastern standard time'), { kind: 'misspelled', windowsId: 'Eastern Standard Time' });
  assert.deepEqual(checkTimeZone('W Europe Standard Time'), { kind: 'misspelled', windowsId: 'W. Europe Standard Time' });
  assert.deepEqual(checkTimeZone('utc'), { kind: 'misspelled', windowsId: 'UTC' });
  // The offset sign is kept: UTC+11 is not UTC-11.
  assert.deepEqual(checkTimeZone('UTC+11'), { kind: 'unknown' });
});

test('anything else is unknown; abbreviations are not guessed', () => {
  for (const id of ['EST', 'Mars Standard Time', 'Foo/Bar', '', '   ']) {
    assert.deepEqual(checkTimeZone(id), { kind: 'unknown' }, id);
  }
});
