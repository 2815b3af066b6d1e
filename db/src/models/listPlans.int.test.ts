/**
 * The admins' review queues (api/src/routes/admin/listQuery.ts: one status, newest first, then id, a page
 * at a time, and the count of that status) read an index in order: no sort of the whole status, however
 * many rows it holds (migration 20261123000500_list_indexes).
 */
import { describe, expect } from 'vitest';
import { dbTest } from '#test/support/db.ts';
import { indexPlan } from '#test/support/queryPlan.ts';
import { Analytics } from './Analytics.ts';
import { Application } from './Application.ts';
import { ContactMessage } from './ContactMessage.ts';
import { NewsletterSubscription } from './NewsletterSubscription.ts';
import { Release } from './Release.ts';
import { Royalty } from './Royalty.ts';
import { User } from './User.ts';
import { SupportTicket } from './SupportTicket.ts';
import { WithdrawalRequest } from './WithdrawalRequest.ts';

const queues = [
  ['applications', Application, 'pending', 'applications_status_created_index'],
  ['support tickets', SupportTicket, 'open', 'support_tickets_status_created_index'],
  ['withdrawal requests', WithdrawalRequest, 'pending', 'withdrawal_requests_status_created_index'],
  ['royalties', Royalty, 'pending', 'royalties_status_created_index'],
] as const;

describe('admin review queue plans', () => {
  for (const [name, model, status, index] of queues) {
    dbTest(
      `${name} by status, newest first: the page reads ${index}, the count an index only`,
      async ({ db }) => {
        // (one model type at a time for the query builder's types: they share the columns used here)
        const byStatus = () => (model as typeof Application).query(db).where('status', status);
        const page = byStatus().orderBy('createdAt', 'desc').orderBy('id', 'asc').offset(100).limit(100);
        const pagePlan = await indexPlan(db, page);
        expect(pagePlan).toMatch(new RegExp(`Index Scan using ${index}`));
        expect(pagePlan).not.toMatch(/Seq Scan|Sort/);
        const countPlan = await indexPlan(db, byStatus().count('* as n'));
        // (pending applications may be counted from the smaller one-pending-per-artist index)
        expect(countPlan).toMatch(/Index Only Scan using/);
        expect(countPlan).not.toMatch(/Seq Scan/);
      },
    );
  }

  const everything = [
    ['applications', Application],
    ['users', User],
    ['releases', Release],
    ['support_tickets', SupportTicket],
    ['withdrawal_requests', WithdrawalRequest],
    ['contact_messages', ContactMessage],
    ['newsletter_subscriptions', NewsletterSubscription],
    ['royalties', Royalty],
  ] as const;
  for (const [table, model] of everything) {
    dbTest(
      `every row of ${table}, newest first (no filter): a page deep in the list reads an index`,
      async ({ db }) => {
        const page = (model as typeof Application)
          .query(db)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'asc')
          .offset(500)
          .limit(25);
        const plan = await indexPlan(db, page);
        expect(plan).toMatch(new RegExp(`Index Scan using ${table}_created_index`));
        expect(plan).not.toMatch(/Seq Scan|Sort/);
      },
    );
  }

  dbTest(
    'usage rows, newest day first (the admin Analytics list): a deep page reads an index',
    async ({ db }) => {
      const page = Analytics.query(db).orderBy('date', 'desc').orderBy('id', 'asc').offset(500).limit(25);
      const plan = await indexPlan(db, page);
      // Partitioned per report: each partition's part of the date index, merged in order.
      expect(plan).toMatch(/Index Scan using analytics_\w*date\w*/);
      // A Merge Append of the partitions' ordered scans names its Sort Key, but sorts nothing itself.
      expect(plan).not.toMatch(/Seq Scan|Sort {2}\(/);
    },
  );
});
