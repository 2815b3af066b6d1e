import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

/** Every label of the console, by resource and field (react-admin's `resources.<name>.fields.<field>`). */
const messages = {
  ...englishMessages,
  riffline: {
    title: 'Riffline Admin',
    accessDenied: { title: 'Access Denied', description: "You don't have permission to access this page." },
    stats: {
      pendingApplications: 'Pending Applications',
      approvedArtists: 'Approved Artists',
      totalReleases: 'Total Releases',
      openTickets: 'Open Tickets',
    },
    applications: {
      approve: 'Approve',
      reject: 'Reject',
      approved: 'Application Approved',
      rejected: 'Application Rejected',
      failed: 'Update Failed',
      tabs: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' },
      socials: 'Social links',
    },
    users: { approved: 'Approved', pending: 'Pending' },
  },
  resources: {
    applications: {
      name: 'Application |||| Applications',
      fields: {
        artistName: 'Artist Name',
        legalName: 'Legal Name',
        genre: 'Genre',
        age: 'Age',
        phone: 'Phone',
        status: 'Status',
        createdAt: 'Applied',
        reviewedAt: 'Reviewed',
        artistStory: 'Artist Story',
        demoLinks: 'Demo Links',
        instagram: 'Instagram',
        youtube: 'YouTube',
        spotify: 'Spotify',
        'user.email': 'Email',
        q: 'Search',
      },
    },
    users: {
      name: 'User |||| Users',
      fields: {
        username: 'Username',
        email: 'Email',
        firstName: 'First Name',
        lastName: 'Last Name',
        role: 'Role',
        isApproved: 'Status',
        createdAt: 'Joined',
        q: 'Search',
      },
    },
    tickets: {
      name: 'Ticket |||| Tickets',
      fields: {
        subject: 'Subject',
        message: 'Message',
        category: 'Category',
        priority: 'Priority',
        status: 'Status',
        assignedTo: 'Assignee',
        createdAt: 'Opened',
        updatedAt: 'Updated',
        'user.email': 'Artist',
        q: 'Search',
      },
    },
  },
};

export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
