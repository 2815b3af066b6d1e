import type { SupportTicket, User } from '@riffline/db';

export function presentTicket(t: SupportTicket) {
  return {
    id: t.id,
    userId: t.userId,
    subject: t.subject,
    message: t.message,
    category: t.category,
    status: t.status,
    priority: t.priority,
    assignedTo: t.assignedTo,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

export function presentAdminTicket(t: SupportTicket & { user?: User }) {
  return { ...presentTicket(t), user: { email: t.user?.email ?? null, username: t.user?.username ?? null } };
}
