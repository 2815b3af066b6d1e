import type { AuthProvider } from 'react-admin';
import { adminSecondFactorReasonOf } from './secondFactorGate.ts';
import { fetchVisitor, navigate } from './session.ts';

/**
 * react-admin's view of the session. Sign-in happens at the identity provider (`/api/login`), never in a
 * form here: an ended session sends the browser there, and a 403 from an admin call means the role was
 * taken away (unless it names a second factor to set up: AccessGate shows that page instead).
 */
export const authProvider: AuthProvider = {
  async login() {
    navigate.login();
  },
  async logout() {
    await navigate.logout();
    return false;
  },
  async checkAuth() {
    const visitor = await fetchVisitor();
    if (visitor.state !== 'admin') {
      navigate.login();
      throw new Error('signed out');
    }
  },
  async checkError(error: { status?: number; body?: unknown }) {
    // Still an admin, without the second factor the platform requires: the set-up page takes over.
    if (error?.status === 403 && adminSecondFactorReasonOf(error.body)) return;
    if (error?.status === 401) {
      navigate.login();
      throw new Error('signed out');
    }
    if (error?.status === 403) {
      navigate.home();
      throw new Error('forbidden');
    }
  },
  async getIdentity() {
    const visitor = await fetchVisitor();
    if (visitor.state === 'anonymous') throw new Error('signed out');
    const { user } = visitor;
    const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'Admin';
    return { id: user.id, fullName, avatar: user.profileImageUrl ?? undefined };
  },
  async getPermissions() {
    return 'admin';
  },
};
