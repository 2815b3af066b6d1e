import MailIcon from '@mui/icons-material/Mail';
import { ContactMessageList } from './ContactMessageList.tsx';
import { ContactMessageShow } from './ContactMessageShow.tsx';

export default {
  list: ContactMessageList,
  show: ContactMessageShow,
  icon: MailIcon,
  recordRepresentation: 'subject',
};
