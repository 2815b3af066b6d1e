import type {
  AdminApplicationResponse,
  AdminContactMessageResponse,
  AdminDeliveryResponse,
  AdminFailedEventResponse,
  AdminPipelineResponse,
  AdminReleaseChangeResponse,
  AdminSmartLinkResponse,
  AdminStats,
  AdminStoreReportResponse,
  AdminUserResponse,
  DeliveryResponse,
  DocumentExportResponse,
  ExpensesResponse,
  FolderExportResponse,
  ReleaseChangeResponse,
  ReleaseReviewBody,
  ReleaseWithTracksResponse,
  ReleasesExportBody,
  Role,
  SplitsResponse,
  SupportTicketMessageResponse,
  WithdrawalRequestResponse,
  WithdrawalRequestReviewBody,
} from '@riffline/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider, type Identifier } from 'react-admin';
import { adminSecondFactorReasonOf, signalSecondFactor } from './auth/secondFactorGate.ts';

/**
 * Same-origin JSON calls to the API; its `{message}` error body becomes react-admin's error message. A 403
 * for want of the admin's second factor (the platform requires it) swaps the console for the set-up page.
 */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  try {
    return await fetchUtils.fetchJson(url, { ...options, credentials: 'same-origin' });
  } catch (error) {
    const { status, body } = (error ?? {}) as { status?: number; body?: unknown };
    const reason = status === 403 ? adminSecondFactorReasonOf(body) : null;
    if (reason) signalSecondFactor(reason);
    throw error;
  }
};

const rest = simpleRestProvider('/api/admin', httpClient);

const send = async <T>(method: 'PATCH' | 'POST', url: string, body?: unknown): Promise<T> => {
  const { json } = await httpClient(url, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return json as T;
};

const path = (id: Identifier) => encodeURIComponent(String(id));

/** Where an export's page is: the Drive export names it `mainFolderLink`, the Docs export `webViewLink`. */
export interface ExportStarted {
  link: string;
  totalReleases: number;
}

/** The admin calls of SPEC §7 that are not CRUD: explicit action endpoints beside ra-data-simple-rest. */
export interface AdminActions {
  getStats(): Promise<AdminStats>;
  /** `PATCH /api/admin/applications/:id`: approve, or reject with the reason the artist reads. */
  reviewApplication(
    id: Identifier,
    body: { status: 'approved' | 'rejected'; reason?: string },
  ): Promise<AdminApplicationResponse>;
  /** `PATCH /api/admin/releases/:id`: processing → live (ISRCs, UPC) or rejected (with the reason). */
  reviewRelease(
    id: Identifier,
    body: { status: ReleaseReviewBody['status']; reason?: string },
  ): Promise<ReleaseWithTracksResponse>;
  /**
   * `PATCH /api/admin/withdrawal-requests/:id`: approve, decline, then processing and completed (with the
   * payment's reference).
   */
  reviewWithdrawal(
    id: Identifier,
    body: { status: WithdrawalRequestReviewBody['status']; adminNotes?: string; paymentReference?: string },
  ): Promise<WithdrawalRequestResponse>;
  /** `PATCH /api/admin/users/:id/role`: make a user an admin or an artist. */
  changeUserRole(id: Identifier, role: Role): Promise<AdminUserResponse>;
  /** `PATCH /api/admin/users/:id/approval`: open or close a user's artist area. */
  changeUserApproval(id: Identifier, isApproved: boolean): Promise<AdminUserResponse>;
  /** `GET /api/admin/pipeline`: the outbox's backlog, each consumer group's lag and dead letters, mail. */
  getPipeline(): Promise<AdminPipelineResponse>;
  /** `GET /api/admin/releases/:id/splits`: the release's split versions, newest first, and each payee's sums. */
  getReleaseSplits(id: Identifier): Promise<SplitsResponse>;
  /** `GET /api/admin/releases/:id/expenses`: the release's expenses in repayment order, what is left to recoup. */
  getReleaseExpenses(id: Identifier): Promise<ExpensesResponse>;
  /** `GET /api/admin/releases/:id/deliveries`: the release's deliveries to stores, newest first. */
  getReleaseDeliveries(id: Identifier): Promise<DeliveryResponse[]>;
  /**
   * `GET /api/admin/releases/:id/changes`: its takedowns, purge and corrections, newest first, each with its
   * deliveries.
   */
  getReleaseChanges(id: Identifier): Promise<ReleaseChangeResponse[]>;
  /** `POST /api/admin/releases/:id/purge` (201): removed from every store for good (409 unless live, or twice). */
  purgeRelease(id: Identifier): Promise<ReleaseChangeResponse>;
  /**
   * `PATCH /api/admin/release-changes/:id`: a correction approved (the release takes its values and the
   * stores that have it get the update) or rejected with the reason the artist reads; 409 once reviewed.
   */
  reviewChange(
    id: Identifier,
    body: { status: 'approved' } | { status: 'rejected'; reason: string },
  ): Promise<AdminReleaseChangeResponse>;
  /**
   * `POST /api/admin/deliveries/:id/redeliver` (202): the same material again in a new batch; 409 when the
   * store is switched off, the release was purged, or a newer delivery went to that store.
   */
  redeliver(id: Identifier): Promise<AdminDeliveryResponse>;
  /** `GET /api/admin/tickets/:id/messages`: the conversation, oldest first. */
  getTicketMessages(id: Identifier): Promise<SupportTicketMessageResponse[]>;
  /** `POST /api/admin/tickets/:id/messages`: answer as Riffline Support (the artist is emailed). */
  postTicketMessage(id: Identifier, message: string): Promise<SupportTicketMessageResponse>;
  /** `PATCH /api/admin/contact-messages/:id`: handled (`read`) or back to `new`. */
  setContactStatus(id: Identifier, status: 'new' | 'read'): Promise<AdminContactMessageResponse>;
  /** `POST /api/admin/contact-messages/:id/reply`: the answer, emailed to the visitor. */
  replyToContact(id: Identifier, message: string): Promise<AdminContactMessageResponse>;
  /** `POST /api/admin/failed-events/:id/replay` (202): the consumer group handles a parked event again. */
  replayFailedEvent(id: Identifier): Promise<AdminFailedEventResponse>;
  /** `POST /api/admin/releases/export/drive|docs`: the workers build it; the link opens its page. */
  exportReleases(target: 'drive' | 'docs', body?: ReleasesExportBody): Promise<ExportStarted>;
  /** `POST /api/admin/reports/:id/confirm`: a held store report credited after all (409 unless held). */
  confirmStoreReport(id: Identifier): Promise<AdminStoreReportResponse>;
  /**
   * `PATCH /api/admin/smartlinks/:id`: a SmartLink disabled for abuse (with the reason; its page then says it
   * is unavailable) or enabled again.
   */
  setSmartLinkDisabled(
    id: Identifier,
    body: { disabled: true; reason: string } | { disabled: false },
  ): Promise<AdminSmartLinkResponse>;
}

export type AdminDataProvider = DataProvider & AdminActions;

/** ra-data-simple-rest unchanged, plus the action endpoints. */
export const dataProvider: AdminDataProvider = {
  ...rest,
  async getStats() {
    const { json } = await httpClient('/api/admin/stats');
    return json as AdminStats;
  },
  reviewApplication: (id, body) => send('PATCH', `/api/admin/applications/${path(id)}`, body),
  reviewRelease: (id, body) => send('PATCH', `/api/admin/releases/${path(id)}`, body),
  reviewWithdrawal: (id, body) => send('PATCH', `/api/admin/withdrawal-requests/${path(id)}`, body),
  changeUserRole: (id, role) => send('PATCH', `/api/admin/users/${path(id)}/role`, { role }),
  changeUserApproval: (id, isApproved) =>
    send('PATCH', `/api/admin/users/${path(id)}/approval`, { isApproved }),
  async getPipeline() {
    const { json } = await httpClient('/api/admin/pipeline');
    return json as AdminPipelineResponse;
  },
  async getReleaseSplits(id) {
    const { json } = await httpClient(`/api/admin/releases/${path(id)}/splits`);
    return json as SplitsResponse;
  },
  async getReleaseExpenses(id) {
    const { json } = await httpClient(`/api/admin/releases/${path(id)}/expenses`);
    return json as ExpensesResponse;
  },
  async getReleaseDeliveries(id) {
    const { json } = await httpClient(`/api/admin/releases/${path(id)}/deliveries`);
    return json as DeliveryResponse[];
  },
  async getReleaseChanges(id) {
    const { json } = await httpClient(`/api/admin/releases/${path(id)}/changes`);
    return json as ReleaseChangeResponse[];
  },
  purgeRelease: (id) => send('POST', `/api/admin/releases/${path(id)}/purge`),
  reviewChange: (id, body) => send('PATCH', `/api/admin/release-changes/${path(id)}`, body),
  redeliver: (id) => send('POST', `/api/admin/deliveries/${path(id)}/redeliver`),
  async getTicketMessages(id) {
    const { json } = await httpClient(`/api/admin/tickets/${path(id)}/messages`);
    return json as SupportTicketMessageResponse[];
  },
  postTicketMessage: (id, message) => send('POST', `/api/admin/tickets/${path(id)}/messages`, { message }),
  setContactStatus: (id, status) => send('PATCH', `/api/admin/contact-messages/${path(id)}`, { status }),
  replyToContact: (id, message) => send('POST', `/api/admin/contact-messages/${path(id)}/reply`, { message }),
  replayFailedEvent: (id) => send('POST', `/api/admin/failed-events/${path(id)}/replay`),
  confirmStoreReport: (id) => send('POST', `/api/admin/reports/${path(id)}/confirm`),
  setSmartLinkDisabled: (id, body) => send('PATCH', `/api/admin/smartlinks/${path(id)}`, body),
  async exportReleases(target, body = {}) {
    if (target === 'drive') {
      const json = await send<FolderExportResponse>('POST', '/api/admin/releases/export/drive', body);
      return { link: json.mainFolderLink, totalReleases: json.totalReleases };
    }
    const json = await send<DocumentExportResponse>('POST', '/api/admin/releases/export/docs', body);
    return { link: json.webViewLink, totalReleases: json.totalReleases };
  },
};
