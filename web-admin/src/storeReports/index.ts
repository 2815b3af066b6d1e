import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ReportList } from './ReportList.tsx';
import { ReportShow } from './ReportShow.tsx';
import { ReportUpload } from './ReportUpload.tsx';

/** The `reports` resource: store report imports: upload, follow the import, read the unmatched lines. */
export default {
  list: ReportList,
  create: ReportUpload,
  show: ReportShow,
  icon: UploadFileIcon,
  recordRepresentation: 'filename',
};
