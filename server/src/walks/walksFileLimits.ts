// The bounds of reading walks files, on every host.

/** Bounds of the walks-file access on node's file system. */
export const walksFileLimits = {
  /** Largest file read, in bytes (a Pearl is a few kilobytes; a 20,000-node Pearl about 22 MB). */
  maxFileSize: 32 * 1024 * 1024,
  /** Most walks files found in one scan. */
  maxFiles: 500,
  /** Most folder entries looked at in one scan. */
  maxEntries: 20_000,
  /** Deepest folder below a workspace folder. */
  maxDepth: 12,
  /** Longest a read of one file may take before it is given up, in milliseconds (a stalled disk or client). */
  readTimeoutMs: 10_000,
} as const;
