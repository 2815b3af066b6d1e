import { useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, DateField, List, NumberField, TextField } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { ApplicationCards } from './ApplicationCards.tsx';
import { ApplicationsEmpty } from './ApplicationsEmpty.tsx';
import { applicationFilters } from './ApplicationFilters.tsx';
import { ReviewButtons } from './ReviewButtons.tsx';
import { SocialLinks } from './SocialLinks.tsx';
import { StatusTabs } from '../common/StatusTabs.tsx';
import { csvExporter } from '../common/csvExporter.ts';

/** SPEC §2: the list opens on the pending applications. */
const tabs = ['pending', 'approved', 'rejected'] as const;

export function ApplicationList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={applicationFilters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={csvExporter}
    >
      <StatusTabs name="applicationStatus" statuses={tabs} label="Application status" />
      {phone ? (
        <ApplicationCards />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={<ApplicationsEmpty />}>
          <TextField source="artistName" />
          <TextField source="legalName" />
          <EnumField source="genre" name="applicationGenre" variant="text" />
          <NumberField source="age" />
          <SocialLinks label="riffline.applications.socials" />
          <DateField source="createdAt" />
          <ReviewButtons />
        </Datagrid>
      )}
    </List>
  );
}
