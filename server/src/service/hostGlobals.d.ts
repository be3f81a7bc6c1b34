// The few globals of the web platform the language service uses. Every host it runs in provides
// them (Node 20+, browsers, web workers); the service project has no Node or DOM types, so they are
// declared here, as narrowly as they are used.

/** A parsed URL (WHATWG URL Standard); the constructor throws a TypeError on an invalid URL. */
declare class URL {
  constructor(url: string, base?: string);
  readonly href: string;
  /** The scheme with its colon: `https:`. */
  readonly protocol: string;
  /** The host and port (`host:8080`); `''` for `file:///…`. */
  readonly host: string;
  /** The path, percent-encoded, with `.` and `..` segments resolved: `/folder/file.json`. */
  readonly pathname: string;
}

/** A deep copy of a structured-cloneable value (HTML Standard). */
declare function structuredClone<T>(value: T): T;

/** An opaque timer handle: a number in browsers, an object in Node. */
interface HostTimer {
  readonly __hostTimer?: never;
}

/** Calls `handler` once after `timeout` milliseconds (HTML Standard timers). */
declare function setTimeout(handler: () => void, timeout?: number): HostTimer;

/** Cancels a timer of {@link setTimeout}; ignores undefined. */
declare function clearTimeout(timer: HostTimer | undefined): void;
