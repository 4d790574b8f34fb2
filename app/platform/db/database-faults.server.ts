/**
 * The one classification of "the database cannot take this write right now": a lock another
 * process still holds after the busy timeout, or a full disk, a full database or an I/O error.
 * `/api/` responds to these with 503 with Retry-After (app/platform/http/api-response.server.ts); pages show the message with
 * what was typed kept. Anything else stays an unexpected error (docs/decisions/015).
 */

import { DATABASE_ANSWERS, type DatabaseAnswer } from "./database-answers.ts";
import { englishOf } from "~/i18n/answers.ts";

export type DatabaseFaultKind = "busy" | "cannot-save";

/** Seconds a client should wait before trying again: a lock usually goes soon, a full disk needs a person. */
const RETRY_AFTER_SECONDS: Record<DatabaseFaultKind, number> = { busy: 60, "cannot-save": 300 };

export class DatabaseUnavailable extends Error {
  readonly status = 503;
  readonly retryAfterSeconds: number;
  constructor(
    readonly kind: DatabaseFaultKind,
    options?: { cause?: unknown },
  ) {
    super(englishOf(DATABASE_ANSWERS, { code: `database.${kind}` }), options);
    this.retryAfterSeconds = RETRY_AFTER_SECONDS[kind];
  }

  /** What a shopper's page says, in its language (the error's message is the English). */
  get answer(): DatabaseAnswer {
    return { code: `database.${this.kind}` };
  }

  /** The headers of a 503 response. */
  get headers() {
    return { "Retry-After": String(this.retryAfterSeconds) };
  }
}

/** SQLite's codes (better-sqlite3's SqliteError.code) and the file system's (ENOSPC from fs). */
function kindOfCode(code: string): DatabaseFaultKind | null {
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "busy";
  if (code === "SQLITE_FULL" || code.startsWith("SQLITE_IOERR") || code === "ENOSPC" || code === "EDQUOT")
    return "cannot-save";
  return null;
}

/** The error's own code or one of its causes' (drizzle wraps the driver's error in DrizzleQueryError). */
function faultOf(error: unknown): { kind: DatabaseFaultKind; cause: string } | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    const kind = typeof code === "string" ? kindOfCode(code) : null;
    if (kind) return { kind, cause: `${String(code)}: ${current.message}` };
  }
  return null;
}

/**
 * The current incident, on globalThis: server.ts (/readyz) and the Remix build each load their own
 * copy of this module, and one incident must be logged once, not once per copy.
 */
const state = ((
  globalThis as { __shopDatabaseIncident?: { kind: DatabaseFaultKind | null } }
).__shopDatabaseIncident ??= { kind: null });

/**
 * The error as a DatabaseUnavailable, or null when it is something else. The first fault of an
 * incident is logged with its cause; the same fault again is not, until a write works again
 * (noteDatabaseWritable) or the fault changes, so a full disk does not flood the log.
 */
export function asDatabaseUnavailable(error: unknown): DatabaseUnavailable | null {
  if (error instanceof DatabaseUnavailable) return error;
  const fault = faultOf(error);
  if (!fault) return null;
  if (state.kind !== fault.kind) {
    state.kind = fault.kind;
    console.error(`Database unavailable (${fault.cause}); responding 503 until a write works again.`);
  }
  return new DatabaseUnavailable(fault.kind, { cause: error });
}

/** A write went through: the incident, if any, is over (logged once, so the log shows how long it lasted). */
export function noteDatabaseWritable() {
  if (!state.kind) return;
  console.log("Database writes work again.");
  state.kind = null;
}

/**
 * Wraps a page action whose form has nothing typed to give back (a row's button, logging out):
 * a database fault becomes `onFault`'s response (a message where the admin is), never a 500 or the
 * 'Unexpected Application Error!' screen. Other errors pass through.
 */
export function withDatabaseFaults<Args, Result>(
  action: (args: Args) => Promise<Result>,
  onFault: (unavailable: DatabaseUnavailable, args: Args) => Result | Promise<Result>,
) {
  return async (args: Args): Promise<Result> => {
    try {
      return await action(args);
    } catch (error) {
      const unavailable = asDatabaseUnavailable(error);
      if (unavailable) return onFault(unavailable, args);
      throw error;
    }
  };
}
