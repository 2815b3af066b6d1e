import { useMediaQuery, type Theme } from '@mui/material';
import { failedEventStatuses, type AdminFailedEventResponse } from '@riffline/contracts';
import {
  Datagrid,
  DateField,
  List,
  NumberField,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
  useTranslate,
} from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { enumChoices, enumLabelKey } from '../common/enums.ts';
import { NoResults } from '../common/NoResults.tsx';
import { PipelineStatus } from './PipelineStatus.tsx';
import { ReplayButton } from './ReplayButton.tsx';

const filters = [
  <SelectInput
    key="status"
    source="status"
    choices={enumChoices('failedEventStatus', failedEventStatuses)}
    alwaysOn
  />,
  <TextInput key="group" source="group" />,
  <TextInput key="type" source="type" />,
];

/**
 * The pipeline's state, then the events a consumer group could not handle: still being retried, or parked
 * until an admin replays them.
 */
export function FailedEventList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <>
      <PipelineStatus />
      <List
        filters={filters}
        sort={{ field: 'lastFailedAt', order: 'DESC' }}
        perPage={25}
        empty={false}
        exporter={false}
      >
        {phone ? (
          <SimpleList<AdminFailedEventResponse>
            primaryText={(r) => r.event.type}
            secondaryText={(r) => `${r.group} · ${r.error}`}
            tertiaryText={(r) => translate(enumLabelKey('failedEventStatus', r.status))}
            rowClick="show"
            empty={<NoResults />}
          />
        ) : (
          <Datagrid rowClick="show" bulkActionButtons={false} empty={<NoResults />}>
            <DateField source="lastFailedAt" showTime />
            <TextField source="group" sortable={false} />
            <TextField source="event.type" sortable={false} />
            <EnumField source="status" name="failedEventStatus" />
            <NumberField source="attempts" />
            <TextField
              source="error"
              sortable={false}
              sx={{
                display: 'block',
                maxWidth: 360,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            />
            <ReplayButton />
          </Datagrid>
        )}
      </List>
    </>
  );
}
