/**
 * The staff: administrators with a role (app/staff/permissions.ts). Adding, changing a role and
 * removing are the owner's; changing one's own password is everyone's. Pages and `/api/` call
 * these functions, and each change is recorded in the activity log in its own transaction.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { admins } from "../../db/schema/index.ts";
import { type Db, type Tx, writeTransaction } from "~/platform/db/db.server.ts";
import { hashPassword, verifyPassword } from "~/platform/security/password.server.ts";
import { recordSuccessfulLogin, takeLoginAttempt } from "~/platform/security/login-limits.server.ts";
import { type Actor, recordActivity } from "~/platform/activity/activity-log.server.ts";
import { type AdminUser, endSessionsOf } from "./admin-session.server.ts";
import type { Role } from "./permissions.ts";

export const LAST_OWNER = "The shop must keep at least one owner.";
export const USERNAME_TAKEN = "That username is taken.";
export const WRONG_PASSWORD = "The current password is not right.";
export const SAME_PASSWORD = "Choose a password other than the current one.";

/** 409: the last owner, or a username already taken. */
export class StaffConflict extends Error {}
export class StaffNotFound extends Error {
  constructor(username: string) {
    super(`No staff member is called ${username}.`);
  }
}
/** 400: the current password typed is not the member's, or the new one is the same. */
export class PasswordRefused extends Error {
  constructor(
    message: string,
    readonly field: "currentPassword" | "newPassword",
  ) {
    super(message);
  }
}

export type StaffMember = { username: string; role: Role; createdAt: Date; mustChangePassword: boolean };

const memberColumns = {
  id: admins.id,
  username: admins.username,
  role: admins.role,
  createdAt: admins.createdAt,
  mustChangePassword: admins.mustChangePassword,
};

export function listStaff(db: Db): StaffMember[] {
  return db
    .select(memberColumns)
    .from(admins)
    .orderBy(asc(admins.createdAt), asc(admins.id))
    .all()
    .map(({ id: _id, ...member }) => member);
}

function findMember(tx: Tx, username: string) {
  const member = tx.select(memberColumns).from(admins).where(eq(admins.username, username)).get();
  if (!member) throw new StaffNotFound(username);
  return member;
}

function isLastOwner(tx: Tx, member: { role: Role }) {
  if (member.role !== "owner") return false;
  const owners = tx.select({ owners: count() }).from(admins).where(eq(admins.role, "owner")).get()!.owners;
  return owners <= 1;
}

const publicMember = ({ username, role, createdAt, mustChangePassword }: StaffMember) => ({
  username,
  role,
  createdAt,
  mustChangePassword,
});

/** A new member with a first password they must change when they first sign in. */
export async function addStaff(
  db: Db,
  input: { username: string; role: Role; password: string },
  actor: Actor,
): Promise<StaffMember> {
  const passwordHash = await hashPassword(input.password);
  return writeTransaction(db, (tx) => {
    // Told apart by case only, two names would read as one person in the activity log.
    const taken = tx
      .select({ id: admins.id })
      .from(admins)
      .where(sql`lower(${admins.username}) = lower(${input.username})`)
      .get();
    if (taken) throw new StaffConflict(USERNAME_TAKEN);
    const member = tx
      .insert(admins)
      .values({ username: input.username, role: input.role, passwordHash, mustChangePassword: true })
      .returning(memberColumns)
      .get();
    recordActivity(tx, actor, {
      kind: "staff.added",
      subject: input.username,
      changes: [{ field: "role", before: null, after: input.role }],
    });
    return publicMember(member);
  });
}

/** A new role, used from the member's next request on; the last owner keeps theirs. */
export function changeRole(db: Db, username: string, role: Role, actor: Actor): StaffMember {
  return writeTransaction(db, (tx) => {
    const member = findMember(tx, username);
    if (member.role === role) return publicMember(member);
    if (isLastOwner(tx, member)) throw new StaffConflict(LAST_OWNER);
    tx.update(admins).set({ role }).where(eq(admins.id, member.id)).run();
    recordActivity(tx, actor, {
      kind: "staff.role",
      subject: username,
      changes: [{ field: "role", before: member.role, after: role }],
    });
    return publicMember({ ...member, role });
  });
}

/** Removes a member and ends their sessions at once (their next request is signed out). */
export function removeStaff(db: Db, username: string, actor: Actor) {
  writeTransaction(db, (tx) => {
    const member = findMember(tx, username);
    if (isLastOwner(tx, member)) throw new StaffConflict(LAST_OWNER);
    endSessionsOf(tx, member.id);
    tx.delete(admins).where(eq(admins.id, member.id)).run();
    recordActivity(tx, actor, { kind: "staff.removed", subject: username });
  });
}

/**
 * One's own password, the current one first. A wrong current password counts against the
 * username's login allowance (a session left open is not a way to guess the password). The other
 * sessions of this member end; the one in use (`keepSessionId`) stays.
 */
export async function changeOwnPassword(
  db: Db,
  admin: AdminUser,
  input: { currentPassword: string; newPassword: string },
  actor: Actor,
  keepSessionId: string | undefined,
) {
  await takeLoginAttempt(admin.username, actor.address ?? "unknown");
  const stored = db.select({ hash: admins.passwordHash }).from(admins).where(eq(admins.id, admin.id)).get();
  if (!stored || !(await verifyPassword(input.currentPassword, stored.hash)))
    throw new PasswordRefused(WRONG_PASSWORD, "currentPassword");
  await recordSuccessfulLogin(admin.username, actor.address ?? "unknown");
  if (input.currentPassword === input.newPassword) throw new PasswordRefused(SAME_PASSWORD, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  writeTransaction(db, (tx) => {
    tx.update(admins)
      .set({ passwordHash, mustChangePassword: false })
      .where(and(eq(admins.id, admin.id)))
      .run();
    endSessionsOf(tx, admin.id, keepSessionId);
    recordActivity(tx, actor, { kind: "password.changed", subject: admin.username });
  });
}
