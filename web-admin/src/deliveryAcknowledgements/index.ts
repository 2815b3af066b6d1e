import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import type { DeliveryAcknowledgementResponse } from '@riffline/contracts';
import { AcknowledgementList } from './AcknowledgementList.tsx';
import { AcknowledgementShow } from './AcknowledgementShow.tsx';

/** The `delivery-acknowledgements` resource, "Acknowledgements": the files the stores wrote, as they came. */
export default {
  list: AcknowledgementList,
  show: AcknowledgementShow,
  icon: MarkEmailReadIcon,
  recordRepresentation: (ack: DeliveryAcknowledgementResponse) => ack.fileName,
};
