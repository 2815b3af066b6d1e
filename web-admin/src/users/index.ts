import PeopleIcon from '@mui/icons-material/People';
import { UserList } from './UserList.tsx';
import { UserShow } from './UserShow.tsx';

export default { list: UserList, show: UserShow, icon: PeopleIcon, recordRepresentation: 'email' };
