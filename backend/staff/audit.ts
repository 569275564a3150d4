import { sql } from 'kysely';
import { all, type Db, one, run } from '../db/query';
import type { StaffMember } from './staff-store';

/** What the audit log names a staff action by. */
export const AUDIT_ACTIONS = {
  'sign-in': '登录',
  'sign-out': '退出',
  'first-administrator': '设置首个管理员',
  'staff-created': '添加员工',
  'staff-updated': '修改员工',
  'password-reset': '重设密码',
  'password-changed': '修改自己的密码',
  'sessions-ended': '结束登录',
  'draft-saved': '保存草稿',
  published: '发布',
  unpublished: '撤下',
  restored: '恢复版本并发布',
  scheduled: '定时发布',
  'schedule-cancelled': '取消定时发布',
  'draft-discarded': '放弃草稿',
  'order-status': '修改订单状态',
  'feedback-handled': '处理反馈',
  'orders-exported': '导出订单',
  'feedback-exported': '导出反馈',
  'media-uploaded': '上传图片',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export interface AuditEntry {
  id: number;
  at: number;
  staffName: string;
  action: AuditAction;
  subject: string;
  detail: Record<string, unknown>;
}

export const AUDIT_PAGE_SIZE = 50;

/** Every staff action, who and when, kept apart from what it changed so a deleted member's actions stay readable. */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async record(
    by: Pick<StaffMember, 'id' | 'name'> | undefined,
    action: AuditAction,
    subject = '',
    detail: Record<string, unknown> = {},
  ): Promise<void> {
    await run(
      this.db,
      sql`INSERT INTO staff_audit (at, staff_id, staff_name, action, subject, detail)
        VALUES (${this.now()}, ${by?.id ?? null}, ${by?.name ?? ''}, ${action}, ${subject}, ${JSON.stringify(detail)})`,
    );
  }

  /** The newest first, a page at a time (`before`: the last id of the page before). */
  async page(before?: number): Promise<{ entries: AuditEntry[]; more: boolean }> {
    const rows = await all<{
      id: number;
      at: number;
      staff_name: string;
      action: AuditAction;
      subject: string;
      detail: string;
    }>(
      this.db,
      before === undefined
        ? sql`SELECT * FROM staff_audit ORDER BY id DESC LIMIT ${AUDIT_PAGE_SIZE + 1}`
        : sql`SELECT * FROM staff_audit WHERE id < ${before} ORDER BY id DESC LIMIT ${AUDIT_PAGE_SIZE + 1}`,
    );
    const entries = rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
      id: Number(row.id),
      at: Number(row.at),
      staffName: row.staff_name,
      action: row.action,
      subject: row.subject,
      detail: JSON.parse(row.detail) as Record<string, unknown>,
    }));
    return { entries, more: rows.length > AUDIT_PAGE_SIZE };
  }

  async count(): Promise<number> {
    return Number((await one<{ n: number }>(this.db, sql`SELECT COUNT(*) AS n FROM staff_audit`))?.n ?? 0);
  }
}
