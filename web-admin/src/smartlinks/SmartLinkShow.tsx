import { Alert, AlertTitle } from '@mui/material';
import type { AdminSmartLinkResponse } from '@riffline/contracts';
import {
  BooleanField,
  DateField,
  NumberField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { ReleaseLink } from '../deliveries/ReleaseLink.tsx';
import { SlugLink, StatusChip } from './fields.tsx';
import { SmartLinkActions } from './SmartLinkActions.tsx';

type SmartLink = AdminSmartLinkResponse;

/** Why and since when an admin disabled it, first: what the page is about while it is disabled. */
function Disabled() {
  const smartLink = useRecordContext<SmartLink>();
  const translate = useTranslate();
  if (!smartLink?.disabledAt) return null;
  return (
    <Alert severity="error" sx={{ overflowWrap: 'anywhere' }} data-testid="smartlink-disabled">
      <AlertTitle>
        {translate('riffline.smartlinks.disabledSince', {
          date: new Date(smartLink.disabledAt).toLocaleString(),
        })}
      </AlertTitle>
      {smartLink.disabledReason}
      <br />
      {translate('riffline.smartlinks.unavailable')}
    </Alert>
  );
}

/**
 * One SmartLink: its page (opening in a new tab), the release and its artist's account, what the page
 * shows, its numbers, and Disable (with the reason) or Enable.
 */
export function SmartLinkShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <SmartLinkActions />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <Disabled />
        <SlugLink source="slug" label="resources.smartlinks.fields.slug" />
        <TextField source="url" sx={{ overflowWrap: 'anywhere' }} />
        <StatusChip source="disabledAt" label="resources.smartlinks.fields.status" />
        <ReleaseLink source="releaseTitle" label="resources.smartlinks.fields.releaseTitle" />
        <TextField source="artist" />
        <ReferenceField source="userId" reference="users" link="show">
          <TextField source="email" />
        </ReferenceField>
        <EnumField source="mode" name="smartLinkMode" />
        <BooleanField source="collectEmails" />
        <NumberField source="views" />
        <NumberField source="clicks" />
        <DateField source="createdAt" showTime />
        <DateField source="updatedAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
