import { Alert, AlertTitle, Box } from '@mui/material';
import type { DeliveryAcknowledgementResponse } from '@riffline/contracts';
import {
  DateField,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';

type Acknowledgement = DeliveryAcknowledgementResponse;

/** Why it could not be read, first: an unreadable file changed no delivery. */
function Problem() {
  const ack = useRecordContext<Acknowledgement>();
  const translate = useTranslate();
  if (!ack?.problem) return null;
  return (
    <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
      <AlertTitle>{translate('riffline.acknowledgements.unreadable')}</AlertTitle>
      {ack.problem}
    </Alert>
  );
}

/** The file as the store wrote it, as text (never as markup), in a monospaced block that wraps. */
function Body() {
  const ack = useRecordContext<Acknowledgement>();
  if (!ack) return null;
  return (
    <Box
      component="pre"
      data-testid="acknowledgement-body"
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontSize: 13,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        maxWidth: '100%',
        maxHeight: 600,
        overflow: 'auto',
      }}
    >
      {ack.body}
    </Box>
  );
}

/** One acknowledgement: the store, the file, when it was made and read, the problem, and its body. */
export function AcknowledgementShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <Problem />
        <TextField source="storeName" />
        <TextField source="fileName" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} />
        <TextField
          source="messageId"
          emptyText="—"
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
        />
        <DateField source="madeAt" showTime emptyText="—" />
        <DateField source="receivedAt" showTime />
        <Labeled label="riffline.acknowledgements.body" fullWidth>
          <Body />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
