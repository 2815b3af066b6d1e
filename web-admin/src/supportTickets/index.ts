import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { TicketEdit } from './TicketEdit.tsx';
import { TicketList } from './TicketList.tsx';

export default {
  list: TicketList,
  edit: TicketEdit,
  icon: SupportAgentIcon,
  recordRepresentation: 'subject',
};
