import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const onOff = (name: string, fallback: "on" | "off") =>
  z
    .string()
    .trim()
    .toLowerCase()
    .default(fallback)
    .refine((value) => ["on", "off", "true", "false", "1", "0"].includes(value), {
      error: `${name} must be "on" or "off"`,
    })
    .transform((value) => value === "on" || value === "true" || value === "1");

const wholeNumber = (name: string, fallback: number, max: number) =>
  z
    .string()
    .trim()
    .default(String(fallback))
    .refine((value) => /^\d+$/.test(value) && Number(value) <= max, {
      error: `${name} must be a whole number from 0 to ${max}`,
    })
    .transform(Number);

/** A count per hour; 0 turns the limit off. */
const hourlyLimit = (name: string, fallback: number) =>
  z
    .string()
    .trim()
    .default(String(fallback))
    .refine((value) => /^\d{1,6}$/.test(value), {
      error: `${name} must be a whole number of orders an hour (0 turns it off)`,
    })
    .transform(Number);

/** An absolute URL whose scheme is one of `schemes`, e.g. SMTP_URL's smtp: or smtps:. */
const urlWith = (name: string, schemes: string[]) =>
  z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && schemes.includes(new URL(value).protocol), {
      error: `${name} must be a URL starting with ${schemes.map((scheme) => `${scheme}//`).join(" or ")}`,
    });

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z
      .string()
      .trim()
      .default("3000")
      .refine((value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 65535, {
        error: "PORT must be a whole number from 1 to 65535",
      })
      .transform(Number),
    HOST: z.string().trim().min(1, { error: "HOST must not be empty" }).default("0.0.0.0"),
    DATA_DIR: z.string().trim().min(1, { error: "DATA_DIR must not be empty" }).default("./data"),
    ADMIN_USERNAME: z
      .string()
      .trim()
      .min(1)
      .max(64, { error: "ADMIN_USERNAME must be at most 64 characters" })
      .optional(),
    ADMIN_PASSWORD: z.string().min(8, { error: "ADMIN_PASSWORD must be at least 8 characters" }).optional(),
    SESSION_SECRET: z.string().min(32, { error: "SESSION_SECRET must be at least 32 characters" }).optional(),
    DEMO_DATA: onOff("DEMO_DATA", "on"),
    TRUST_PROXY: onOff("TRUST_PROXY", "off"),
    BACKUP_DIR: z.string().trim().min(1).optional(),
    BACKUP_INTERVAL_HOURS: z
      .string()
      .trim()
      .default("24")
      .refine((value) => /^\d+(\.\d+)?$/.test(value), {
        error: "BACKUP_INTERVAL_HOURS must be a number of hours, 0 or more (0 turns scheduled backups off)",
      })
      .transform(Number),
    BACKUP_KEEP: z
      .string()
      .trim()
      .default("7")
      .refine((value) => /^\d+$/.test(value) && Number(value) >= 1, {
        error: "BACKUP_KEEP must be a whole number, 1 or more",
      })
      .transform(Number),
    /** /readyz responds 503 when less than this many MB are free under DATA_DIR. */
    MIN_FREE_MB: wholeNumber("MIN_FREE_MB", 100, 1_000_000),
    /**
     * What the page cache and the render memo may hold together, in MB (half each): the part of the
     * process's memory that grows with the number of addresses asked for (decision 047). 0: no caches.
     */
    CACHE_MEMORY_MB: wholeNumber("CACHE_MEMORY_MB", 64, 65_536),
    /** How long a write waits for another process's lock on the database before responding 503. */
    SQLITE_BUSY_TIMEOUT_MS: wholeNumber("SQLITE_BUSY_TIMEOUT_MS", 5000, 60_000),
    ORDER_PHONE_LIMIT: hourlyLimit("ORDER_PHONE_LIMIT", 5),
    ORDER_RATE_LIMIT: hourlyLimit("ORDER_RATE_LIMIT", 60),
    SMTP_URL: urlWith("SMTP_URL", ["smtp:", "smtps:"]).optional(),
    ORDER_NOTIFY_EMAIL: z.email({ error: "ORDER_NOTIFY_EMAIL must be an email address" }).optional(),
    ORDER_WEBHOOK_URL: urlWith("ORDER_WEBHOOK_URL", ["https:", "http:"]).optional(),
    ORDER_WEBHOOK_SECRET: z
      .string()
      .min(16, { error: "ORDER_WEBHOOK_SECRET must be at least 16 characters" })
      .optional(),
    /** The shop's public address, for links in messages to shoppers (no trailing slash kept). */
    PUBLIC_URL: urlWith("PUBLIC_URL", ["https:", "http:"])
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
    /** The shopper emails' sender; ORDER_NOTIFY_EMAIL when unset. */
    SHOP_EMAIL_FROM: z.email({ error: "SHOP_EMAIL_FROM must be an email address" }).optional(),
    /** "off": no emails to shoppers (the owner's notices go on). */
    SHOPPER_EMAILS: onOff("SHOPPER_EMAILS", "on"),
    ORDER_NOTICE_RETRY_MS: z
      .string()
      .trim()
      .default("30000")
      .refine((value) => /^\d+$/.test(value) && Number(value) >= 10, {
        error: "ORDER_NOTICE_RETRY_MS must be a whole number of milliseconds, at least 10",
      })
      .transform(Number),
    /** Continuous replication by Litestream (decision 041): file:///dir or s3://bucket/path. */
    REPLICA_URL: urlWith("REPLICA_URL", ["file:", "s3:"]).optional(),
    REPLICA_S3_ENDPOINT: urlWith("REPLICA_S3_ENDPOINT", ["https:", "http:"]).optional(),
    REPLICA_S3_REGION: z.string().trim().default("us-east-1"),
    REPLICA_S3_ACCESS_KEY_ID: z.string().trim().optional(),
    REPLICA_S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Where uploads live: `local` (DATA_DIR/uploads) or `s3` (an S3-compatible bucket). */
    STORAGE: z.enum(["local", "s3"], { error: 'STORAGE must be "local" or "s3"' }).default("local"),
    S3_ENDPOINT: urlWith("S3_ENDPOINT", ["https:", "http:"]).optional(),
    S3_BUCKET: z.string().trim().optional(),
    S3_REGION: z.string().trim().default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().trim().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_PUBLIC_URL: urlWith("S3_PUBLIC_URL", ["https:", "http:"]).optional(),
  })
  .refine((env) => Boolean(env.ADMIN_USERNAME) === Boolean(env.ADMIN_PASSWORD), {
    error: "ADMIN_USERNAME and ADMIN_PASSWORD must be set together",
    path: ["ADMIN_USERNAME"],
  })
  .refine((env) => Boolean(env.SMTP_URL) === Boolean(env.ORDER_NOTIFY_EMAIL), {
    error: "SMTP_URL and ORDER_NOTIFY_EMAIL must be set together",
    path: ["SMTP_URL"],
  })
  // An unsigned webhook would let anyone who learns its address post fake orders to the receiver.
  .refine((env) => !env.ORDER_WEBHOOK_URL || Boolean(env.ORDER_WEBHOOK_SECRET), {
    error: "ORDER_WEBHOOK_SECRET must be set with ORDER_WEBHOOK_URL",
    path: ["ORDER_WEBHOOK_SECRET"],
  })
  .refine(
    (env) =>
      !env.REPLICA_URL?.startsWith("s3:") || Boolean(env.REPLICA_S3_ACCESS_KEY_ID && env.REPLICA_S3_SECRET_ACCESS_KEY),
    {
      error: "REPLICA_S3_ACCESS_KEY_ID and REPLICA_S3_SECRET_ACCESS_KEY must be set with an s3:// REPLICA_URL",
      path: ["REPLICA_S3_ACCESS_KEY_ID"],
    },
  )
  .refine((env) => env.STORAGE !== "s3" || Boolean(env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY), {
    error: "STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
    path: ["S3_BUCKET"],
  });

export type Env = Omit<z.infer<typeof envSchema>, "SESSION_SECRET"> & {
  SESSION_SECRET: string;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  uploadsDir: string;
  databaseFile: string;
  /** Absolute path of BACKUP_DIR (default DATA_DIR/backups). */
  backupDir: string;
};

export class EnvError extends Error {}

/** Turns empty strings into "unset" so `PORT=` behaves like no PORT at all. */
function withoutEmpty(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
}

/**
 * Parses the environment once at start. A bad value throws an EnvError whose message is one
 * readable line naming the variable, e.g. `Invalid environment: PORT must be a whole number…`.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(withoutEmpty(source));
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const given = source[name];
    // URLs may carry credentials (smtp://user:password@…, a chat bot's token): never echoed either.
    const shown = given === undefined || /SECRET|PASSWORD|_URL$|_KEY_ID$/.test(name) ? "" : ` (got "${given}")`;
    const message = issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
    throw new EnvError(`Invalid environment: ${message}${shown}`);
  }
  const dataDir = path.resolve(result.data.DATA_DIR);
  prepareDataDir(dataDir);
  return {
    ...result.data,
    SESSION_SECRET: result.data.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    databaseFile: path.join(dataDir, "shop.db"),
    backupDir: path.resolve(result.data.BACKUP_DIR ?? path.join(dataDir, "backups")),
  };
}

/**
 * Creates DATA_DIR and its uploads/ and checks this process can write both, so a wrong DATA_DIR
 * stops start with one line naming it instead of a stack from mkdir or, later, from SQLite.
 */
function prepareDataDir(dataDir: string) {
  const uploadsDir = path.join(dataDir, "uploads");
  try {
    fs.mkdirSync(uploadsDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
    fs.accessSync(uploadsDir, fs.constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const problem =
      code === "ENOTDIR" || code === "EEXIST"
        ? "must be a directory, not a file"
        : code === "EACCES" || code === "EPERM" || code === "EROFS"
          ? "must be a directory this process can write"
          : `cannot be used (${code ?? "unknown error"})`;
    throw new EnvError(`Invalid environment: DATA_DIR ${problem} (got "${dataDir}")`);
  }
}

/** A secret generated on the first start and stored in DATA_DIR, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string) {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // First start: fall through and create it.
  }
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
