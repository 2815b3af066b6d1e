import { useMediaQuery, type Theme } from '@mui/material';
import type { AdminSmartLinkResponse } from '@riffline/contracts';
import {
  Datagrid,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  useTranslate,
} from 'react-admin';
import { enumLabelKey } from '../common/enums.ts';
import { NoResults } from '../common/NoResults.tsx';
import { ReleaseLink } from '../deliveries/ReleaseLink.tsx';
import { SlugLink, StatusChip, smartLinkStatus } from './fields.tsx';

/** Active or Disabled: the API's `disabled` filter takes 'false' or 'true'. */
const statusChoices = [
  { id: 'false', name: enumLabelKey('smartLinkStatus', 'active') },
  { id: 'true', name: enumLabelKey('smartLinkStatus', 'disabled') },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="disabled" source="disabled" choices={statusChoices} alwaysOn />,
];

/**
 * Every release's SmartLink (its public page at `/l/{slug}`), newest first: the slug opens the page in a
 * new tab, the release its page in the console, with the page's views and store clicks and whether an
 * admin disabled it. Open one to disable it for abuse, or enable it again.
 */
export function SmartLinkList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={false}
    >
      {phone ? (
        <SimpleList<AdminSmartLinkResponse>
          primaryText={(r) => r.slug}
          secondaryText={(r) => `${r.releaseTitle} · ${r.artist}`}
          tertiaryText={(r) =>
            [
              translate(enumLabelKey('smartLinkStatus', smartLinkStatus(r))),
              `${translate('resources.smartlinks.fields.views')} ${r.views}`,
              `${translate('resources.smartlinks.fields.clicks')} ${r.clicks}`,
            ].join(' · ')
          }
          rowClick="show"
          empty={<NoResults />}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={<NoResults />}>
          <SlugLink source="slug" label="resources.smartlinks.fields.slug" />
          <ReleaseLink source="releaseTitle" label="resources.smartlinks.fields.releaseTitle" />
          <TextField source="artist" />
          <NumberField source="views" sortByOrder="DESC" />
          <NumberField source="clicks" sortByOrder="DESC" />
          <StatusChip source="disabledAt" label="resources.smartlinks.fields.status" />
        </Datagrid>
      )}
    </List>
  );
}
