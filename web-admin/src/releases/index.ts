import AlbumIcon from '@mui/icons-material/Album';
import { ReleaseList } from './ReleaseList.tsx';
import { ReleaseShow } from './ReleaseShow.tsx';

export default { list: ReleaseList, show: ReleaseShow, icon: AlbumIcon, recordRepresentation: 'title' };
