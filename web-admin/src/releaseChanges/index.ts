import EditNoteIcon from '@mui/icons-material/EditNote';
import type { AdminReleaseChangeResponse } from '@riffline/contracts';
import { CorrectionList } from './CorrectionList.tsx';
import { CorrectionShow } from './CorrectionShow.tsx';

/**
 * The `release-changes` resource, "Corrections": the artists' corrections of live releases, reviewed here
 * (the API's takedowns and purges are on each release's page).
 */
export default {
  list: CorrectionList,
  show: CorrectionShow,
  icon: EditNoteIcon,
  recordRepresentation: (change: AdminReleaseChangeResponse) => change.releaseTitle,
};
