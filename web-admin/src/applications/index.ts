import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import { ApplicationList } from './ApplicationList.tsx';
import { ApplicationShow } from './ApplicationShow.tsx';

export default {
  list: ApplicationList,
  show: ApplicationShow,
  icon: AssignmentIndIcon,
  recordRepresentation: 'artistName',
};
