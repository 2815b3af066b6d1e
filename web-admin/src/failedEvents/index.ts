import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { FailedEventList } from './FailedEventList.tsx';
import { FailedEventShow } from './FailedEventShow.tsx';

export default {
  list: FailedEventList,
  show: FailedEventShow,
  icon: ReportProblemIcon,
  recordRepresentation: 'group',
};
