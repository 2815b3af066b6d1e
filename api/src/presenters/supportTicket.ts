import type { AdminSupportTicketResponse, SupportTicketResponse } from '@riffline/contracts';
import type { SupportTicket, User } from '@riffline/db';

export function presentSupportTicket(t: SupportTicket): SupportTicketResponse {
  return {
    id: t.id,
    userId: t.userId,
    subject: t.subject,
    message: t.message,
    category: t.category,
    status: t.status,
    priority: t.priority,
    assignedTo: t.assignedTo,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export function presentAdminSupportTicket(t: SupportTicket & { user?: User }): AdminSupportTicketResponse {
  return {
    ...presentSupportTicket(t),
    user: { email: t.user?.email ?? null, username: t.user?.username ?? null },
  };
}
