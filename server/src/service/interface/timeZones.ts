import windowsZones from 'cldr-core/supplemental/windowsZones.json';

/**
 * What a `timeZone` value is (docs/rulings.md § Values: Windows time-zone ids, validated against
 * CLDR's windowsZones):
 * - `windows`: a Windows time-zone id, exactly as CLDR spells it;
 * - `iana`: an IANA id; `windowsId` is its Windows id when CLDR maps it (territory "001" first);
 * - `misspelled`: a Windows id in another letter case, spacing or punctuation;
 * - `unknown`: none of these.
 */
export type TimeZoneCheck =
  | { readonly kind: 'windows' }
  | { readonly kind: 'iana'; readonly windowsId: string | undefined }
  | { readonly kind: 'misspelled'; readonly windowsId: string }
  | { readonly kind: 'unknown' };

interface MapZone {
  readonly _other: string;
  readonly _type: string;
  readonly _territory: string;
}

/** A Windows time-zone id with the IANA ids CLDR maps to it (its territory "001" id first). */
export interface WindowsTimeZone {
  readonly windowsId: string;
  readonly ianaIds: readonly string[];
}

interface TimeZoneTables {
  /** Windows ids, sorted. */
  readonly windowsIds: readonly string[];
  /** IANA ids by Windows id. */
  readonly ianaIdsByWindowsId: ReadonlyMap<string, readonly string[]>;
  readonly windowsIdSet: ReadonlySet<string>;
  /** Windows id by its folded form (see {@link fold}). */
  readonly windowsIdByFolded: ReadonlyMap<string, string>;
  /** Windows id by lower-cased IANA id. */
  readonly windowsIdByIana: ReadonlyMap<string, string>;
}

let tables: TimeZoneTables | undefined;
let windowsIds: ReadonlySet<string> | undefined;

/** CLDR's mapZone rows. */
function mapZones(): readonly { readonly mapZone: MapZone }[] {
  return (windowsZones as { supplemental: { windowsZones: { mapTimezones: { mapZone: MapZone }[] } } }).supplemental.windowsZones
    .mapTimezones;
}

/**
 * The Windows ids alone, built on first use once per process: what checking a Windows id needs
 * (the other tables, with every IANA id split, lower-cased and folded, cost a one-file lint about
 * a millisecond).
 */
function getWindowsIdSet(): ReadonlySet<string> {
  windowsIds ??= new Set(mapZones().map(({ mapZone }) => mapZone._other));
  return windowsIds;
}

/** Built on first use, once per process. */
function getTables(): TimeZoneTables {
  if (tables) return tables;
  const windowsIdSet = new Set<string>();
  const windowsIdByFolded = new Map<string, string>();
  const windowsIdByIana = new Map<string, string>();
  const ianaIdsByWindowsId = new Map<string, string[]>();
  for (const { mapZone } of mapZones()) {
    const windowsId = mapZone._other;
    windowsIdSet.add(windowsId);
    windowsIdByFolded.set(fold(windowsId), windowsId);
    let ianaIds = ianaIdsByWindowsId.get(windowsId);
    if (!ianaIds) ianaIdsByWindowsId.set(windowsId, (ianaIds = []));
    for (const ianaId of mapZone._type.split(' ')) {
      if (ianaId === '') continue;
      if (mapZone._territory === '001') ianaIds.unshift(ianaId);
      else if (!ianaIds.includes(ianaId)) ianaIds.push(ianaId);
      const key = ianaId.toLowerCase();
      // CLDR's territory "001" row is the Windows id's primary mapping: it wins over others.
      if (mapZone._territory === '001' || !windowsIdByIana.has(key)) windowsIdByIana.set(key, windowsId);
    }
  }
  tables = {
    windowsIds: [...windowsIdSet].sort(),
    ianaIdsByWindowsId,
    windowsIdSet,
    windowsIdByFolded,
    windowsIdByIana,
  };
  return tables;
}

/**
 * Lower case without spaces and punctuation other than the offset signs:
 * `eastern standard  time.` → `easternstandardtime`, `utc-11` stays `utc-11`.
 */
function fold(id: string): string {
  return id.toLowerCase().replace(/[^a-z0-9+-]/g, '');
}

/**
 * The canonical IANA id of `id` by the runtime's ICU data (links such as `US/Eastern` or
 * `Asia/Kolkata` resolve to the id CLDR lists), or undefined when ICU does not know it.
 */
function canonicalIanaId(id: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: id }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The Windows time-zone ids of CLDR's windowsZones, sorted (for completion and tests). */
export function getWindowsTimeZoneIds(): readonly string[] {
  return getTables().windowsIds;
}

/** Each Windows time-zone id of CLDR's windowsZones, sorted, with its IANA ids (for completion). */
export function getWindowsTimeZones(): WindowsTimeZone[] {
  const { windowsIds, ianaIdsByWindowsId } = getTables();
  return windowsIds.map((windowsId) => ({ windowsId, ianaIds: ianaIdsByWindowsId.get(windowsId) ?? [] }));
}

/**
 * The standard (winter) UTC offset of an IANA zone by the runtime's ICU data, as `UTC+05:30` or
 * `UTC-08:00` (`UTC+00:00` for UTC): the smaller of its offsets on 15 January and 15 July 2025,
 * so that daylight saving time does not show. Undefined when ICU does not know the zone.
 */
export function getStandardUtcOffset(ianaId: string): string | undefined {
  try {
    const format = new Intl.DateTimeFormat('en-US', { timeZone: ianaId, timeZoneName: 'longOffset' });
    const minutes = [Date.UTC(2025, 0, 15), Date.UTC(2025, 6, 15)].map((time) => {
      const name = format.formatToParts(time).find((part) => part.type === 'timeZoneName')?.value ?? '';
      const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
      return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
    });
    const standard = Math.min(...minutes);
    const sign = standard < 0 ? '-' : '+';
    const abs = Math.abs(standard);
    return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  } catch {
    return undefined;
  }
}

/**
 * Classifies a `timeZone` value (docs/rulings.md § Values). Never throws. Ids without a `/` are
 * matched against IANA only when CLDR lists them (so `EST` is not taken for `America/Panama`).
 */
export function checkTimeZone(id: string): TimeZoneCheck {
  // Most Pearls name a Windows id as CLDR spells it: known without the other tables.
  if (getWindowsIdSet().has(id)) return { kind: 'windows' };
  const { windowsIdByFolded, windowsIdByIana } = getTables();
  const direct = windowsIdByIana.get(id.toLowerCase());
  if (direct !== undefined) return { kind: 'iana', windowsId: direct };
  const misspelled = windowsIdByFolded.get(fold(id));
  if (misspelled !== undefined) return { kind: 'misspelled', windowsId: misspelled };
  if (id.includes('/')) {
    const canonical = canonicalIanaId(id);
    if (canonical !== undefined) return { kind: 'iana', windowsId: windowsIdByIana.get(canonical.toLowerCase()) };
  }
  return { kind: 'unknown' };
}
