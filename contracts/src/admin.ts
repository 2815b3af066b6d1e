import { z } from 'zod';

/** GET /api/admin/stats: the admin panel's top stats (SPEC §2 Admin panel). */
export const AdminStats = z.object({
  pendingApplications: z.number().int(),
  approvedArtists: z.number().int(),
  totalReleases: z.number().int(),
  openTickets: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStats>;
