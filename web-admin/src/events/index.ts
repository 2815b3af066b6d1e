import HistoryIcon from '@mui/icons-material/History';
import { EventList } from './EventList.tsx';
import { EventShow } from './EventShow.tsx';

export default { list: EventList, show: EventShow, icon: HistoryIcon, recordRepresentation: 'type' };
