import { count, desc } from "drizzle-orm";
import { db, transaction, type Tx } from "@server/db/client";
import { auditLog } from "./schema";

/** Who did an admin write: the signed-in admin returned by requireAdmin. */
export type Actor = { id: string; email: string };

export type AuditEntry = {
  actor: Actor;
  /** What was done, e.g. "create", "update", "publish", "delete", "status_change". */
  action: string;
  /** What kind of thing it was done to: "product", "order", "post"... */
  entity: string;
  entityId: string | null;
  /** A small, non-secret summary of the change (changed fields, from/to). */
  data?: Record<string, unknown>;
};

/**
 * Records one admin write. Call it inside the transaction of the write itself, so the log and the
 * change commit (or roll back) together.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    data: entry.data ?? null,
  });
}

/**
 * An export hands customers' details (or the shop's figures) out of the back office: who took which,
 * with which filter, and when, is an audit entry of its own.
 */
export async function auditExport(actor: Actor, entity: "orders" | "customers" | "inventory", filter: Record<string, unknown>): Promise<void> {
  await transaction((tx) => recordAudit(tx, { actor, action: "export", entity, entityId: null, data: { filter } }));
}

export type AuditRow = {
  id: string;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  data: unknown;
  createdAt: string;
};

export const AUDIT_PAGE_SIZE = 50;

/** One page of the audit log, newest first (served by the created_at index). */
export async function listAudit(page: number): Promise<{ rows: AuditRow[]; total: number; page: number; pageCount: number }> {
  const [{ total }] = await db().select({ total: count() }).from(auditLog);
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db()
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((current - 1) * AUDIT_PAGE_SIZE);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      actorEmail: r.actorEmail,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      data: r.data,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    page: current,
    pageCount,
  };
}
