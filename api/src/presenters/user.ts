import type { UserResponse } from '@riffline/contracts';
import type { User } from '@riffline/db';

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
