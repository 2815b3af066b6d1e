import type { AdminApplicationResponse, ApplicationResponse } from '@riffline/contracts';
import type { Application, User } from '@riffline/db';

export function presentApplication(a: Application): ApplicationResponse {
  return {
    id: a.id,
    userId: a.userId,
    legalName: a.legalName,
    phone: a.phone,
    artistName: a.artistName,
    age: a.age,
    genre: a.genre,
    demoLinks: a.demoLinks,
    artistStory: a.artistStory,
    instagram: a.instagram,
    youtube: a.youtube,
    spotify: a.spotify,
    status: a.status,
    reviewedBy: a.reviewedBy,
    reviewedAt: a.reviewedAt?.toISOString() ?? null,
    rejectionReason: a.rejectionReason,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export function presentAdminApplication(a: Application & { user?: User }): AdminApplicationResponse {
  return {
    ...presentApplication(a),
    user: { email: a.user?.email ?? null, username: a.user?.username ?? null },
  };
}
