import {
  Box,
  Card,
  CardContent,
  Chip,
  Link,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type {
  AdminSupportTicketResponse,
  AdminUserResponse,
  ReleaseResponse,
  WithdrawalRequestResponse,
} from '@riffline/contracts';
import { useId, type ReactNode } from 'react';
import {
  Datagrid,
  DateField,
  FunctionField,
  Labeled,
  Pagination,
  ReferenceManyField,
  Show,
  SimpleList,
  TextField,
  useCreatePath,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { EnumField } from '../common/EnumField.tsx';
import { enumLabelKey } from '../common/enums.ts';
import { NoResults } from '../common/NoResults.tsx';
import { amount, payTo } from '../withdrawalRequests/format.ts';
import { ApprovalChip } from './ApprovalChip.tsx';
import { UserActions, userName } from './UserActions.tsx';

type User = AdminUserResponse;

const key = (name: string) => `riffline.userShow.${name}`;

/** One titled block of the page. */
function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom id={headingId}>
          {translate(title)}
          {count === undefined ? '' : ` (${count})`}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Who they are, their role and approval, their coins, and the actions that change them. */
function Profile() {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  if (!user) return null;
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <Section title={key('profile')}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {fullName || userName(user)}
        </Typography>
        <Chip
          size="small"
          color={user.role === 'admin' ? 'primary' : 'default'}
          label={translate(enumLabelKey('role', user.role))}
        />
        <ApprovalChip />
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
          gap: 2,
          mb: 2,
        }}
      >
        <Labeled>
          <TextField source="email" emptyText="—" sx={{ overflowWrap: 'anywhere' }} />
        </Labeled>
        <Labeled>
          <TextField source="username" emptyText="—" sx={{ overflowWrap: 'anywhere' }} />
        </Labeled>
        <Labeled>
          <FunctionField
            source="emailVerified"
            render={(u: User) => translate(key(u.emailVerified ? 'verified' : 'notVerified'))}
          />
        </Labeled>
        <Labeled>
          <FunctionField
            source="coins"
            render={(u: User) => translate(key('coinsValue'), { coins: Number(u.coins ?? 0).toFixed(2) })}
          />
        </Labeled>
        <Labeled>
          <TextField source="preferredCurrency" />
        </Labeled>
        <Labeled>
          <DateField source="createdAt" showTime />
        </Labeled>
      </Box>
      <UserActions />
    </Section>
  );
}

/** The latest application, in short, with a link to all of it. */
function ApplicationSummary() {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (!user) return null;
  const { application } = user;
  return (
    <Section title={key('application')} count={user.applicationCount}>
      {application ? (
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Link
              component={RouterLink}
              to={createPath({ resource: 'applications', id: application.id, type: 'show' })}
              variant="subtitle1"
            >
              {application.artistName}
            </Link>
            <EnumField source="application.status" name="applicationStatus" />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {[
              translate(enumLabelKey('applicationGenre', application.genre), { _: application.genre }),
              translate(key('applied'), { date: new Date(application.createdAt).toLocaleDateString() }),
              application.reviewedAt &&
                translate(key('reviewed'), { date: new Date(application.reviewedAt).toLocaleDateString() }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Stack>
      ) : (
        <NoResults message={key('noApplication')} />
      )}
    </Section>
  );
}

/** A list of this user's rows of another admin resource (`filter={"userId": …}`), 5 at a time. */
function Related({ reference, children }: { reference: string; children: ReactNode }) {
  return (
    <ReferenceManyField
      reference={reference}
      target="userId"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={5}
      pagination={<Pagination rowsPerPageOptions={[5]} />}
      empty={<NoResults />}
    >
      {children}
    </ReferenceManyField>
  );
}

function Releases({ phone }: { phone: boolean }) {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  return (
    <Section title="riffline.userShow.releases" count={user?.releaseCount}>
      <Related reference="releases">
        {phone ? (
          <SimpleList<ReleaseResponse>
            primaryText={(r) => r.title}
            secondaryText={(r) =>
              [translate(enumLabelKey('releaseType', r.releaseType)), r.artist].join(' · ')
            }
            tertiaryText={(r) => translate(enumLabelKey('releaseStatus', r.status))}
            rowClick="show"
          />
        ) : (
          <Datagrid rowClick="show" bulkActionButtons={false}>
            <TextField source="title" />
            <TextField source="artist" />
            <EnumField source="releaseType" name="releaseType" variant="text" sortable={false} />
            <EnumField source="status" name="releaseStatus" />
            <DateField source="createdAt" />
          </Datagrid>
        )}
      </Related>
    </Section>
  );
}

function Tickets({ phone }: { phone: boolean }) {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  return (
    <Section title="riffline.userShow.tickets" count={user?.ticketCount}>
      <Related reference="tickets">
        {phone ? (
          <SimpleList<AdminSupportTicketResponse>
            primaryText={(t) => t.subject}
            secondaryText={(t) => translate(enumLabelKey('ticketPriority', t.priority))}
            tertiaryText={(t) => translate(enumLabelKey('ticketStatus', t.status))}
            rowClick="edit"
          />
        ) : (
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            <TextField source="subject" />
            <EnumField source="priority" name="ticketPriority" />
            <EnumField source="status" name="ticketStatus" />
            <DateField source="createdAt" />
          </Datagrid>
        )}
      </Related>
    </Section>
  );
}

function Payouts({ phone }: { phone: boolean }) {
  const translate = useTranslate();
  return (
    <Section title="riffline.userShow.payouts">
      <Related reference="withdrawal-requests">
        {phone ? (
          <SimpleList<WithdrawalRequestResponse>
            primaryText={amount}
            secondaryText={payTo}
            tertiaryText={(w) => translate(enumLabelKey('withdrawalStatus', w.status))}
            rowClick={false}
          />
        ) : (
          <Datagrid rowClick={false} bulkActionButtons={false}>
            <FunctionField source="amount" render={amount} />
            <FunctionField source="paymentMethod" render={payTo} sortable={false} />
            <EnumField source="status" name="withdrawalStatus" />
            <DateField source="createdAt" showTime />
          </Datagrid>
        )}
      </Related>
    </Section>
  );
}

/**
 * One user: profile, role and approval (with their actions), coin balance, latest application, and their
 * releases, support tickets and payouts, read from those resources filtered by the user.
 */
export function UserShow() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <Show actions={false}>
      <CardContent>
        <Stack spacing={2}>
          <Profile />
          <ApplicationSummary />
          <Releases phone={phone} />
          <Tickets phone={phone} />
          <Payouts phone={phone} />
        </Stack>
      </CardContent>
    </Show>
  );
}
