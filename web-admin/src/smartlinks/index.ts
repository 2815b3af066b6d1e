import LinkIcon from '@mui/icons-material/Link';
import type { AdminSmartLinkResponse } from '@riffline/contracts';
import { SmartLinkList } from './SmartLinkList.tsx';
import { SmartLinkShow } from './SmartLinkShow.tsx';

/** The `smartlinks` resource, "SmartLinks": every release's public page, disabled for abuse or enabled. */
export default {
  list: SmartLinkList,
  show: SmartLinkShow,
  icon: LinkIcon,
  recordRepresentation: (smartLink: AdminSmartLinkResponse) => smartLink.slug,
};
