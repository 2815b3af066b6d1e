import type { AdminUserResponse, UserResponse } from '@riffline/contracts';
import type { Application, User } from '@riffline/db';

/** The fields of a user that leave the server (SPEC §3). */
export function presentUser(user: User): UserResponse {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    isApproved: user.isApproved,
    emailVerified: user.emailVerified,
    preferredCurrency: user.preferredCurrency,
    coins: user.coins,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** A user as the admin's show page reads them: the small facts beside the profile. */
export function presentAdminUser(
  user: User,
  facts: {
    application: Application | null;
    applicationCount: number;
    releaseCount: number;
    ticketCount: number;
    openTicketCount: number;
  },
): AdminUserResponse {
  const { application } = facts;
  return {
    ...presentUser(user),
    application: application && {
      id: application.id,
      artistName: application.artistName,
      genre: application.genre,
      status: application.status,
      createdAt: application.createdAt.toISOString(),
      reviewedAt: application.reviewedAt?.toISOString() ?? null,
    },
    applicationCount: facts.applicationCount,
    releaseCount: facts.releaseCount,
    ticketCount: facts.ticketCount,
    openTicketCount: facts.openTicketCount,
  };
}
