import type { AdminNewsletterSubscriptionResponse } from '@riffline/contracts';
import { ExportButton, useListContext, type Exporter } from 'react-admin';
import { downloadCsv } from '../common/csvExporter.ts';

/** The API pages at most 500 rows at a time. */
const PAGE = 500;

/**
 * react-admin's Export button for the subscribers: every row the current filters match (read 500 at a
 * time, the API's page limit), as a CSV of address, status and date, written by the console's one CSV
 * writer (an address may start with `=`).
 */
export function SubscriberExportButton() {
  const { filterValues, sort } = useListContext<AdminNewsletterSubscriptionResponse>();
  const exporter: Exporter<AdminNewsletterSubscriptionResponse> = async (
    _firstPage,
    _fetchRelatedRecords,
    dataProvider,
    resource,
  ) => {
    const rows: AdminNewsletterSubscriptionResponse[] = [];
    for (let page = 1; ; page++) {
      const { data, total } = await dataProvider.getList<AdminNewsletterSubscriptionResponse>(
        resource ?? 'newsletter-subscriptions',
        { filter: filterValues, sort, pagination: { page, perPage: PAGE } },
      );
      rows.push(...data);
      if (data.length < PAGE || rows.length >= (total ?? 0)) break;
    }
    const lines = rows.map((r) => ({
      email: r.email,
      status: r.isActive ? 'subscribed' : 'unsubscribed',
      subscribedAt: r.createdAt,
    }));
    downloadCsv(lines, 'newsletter-subscribers');
  };
  return <ExportButton exporter={exporter as Exporter} maxResults={1} />;
}
