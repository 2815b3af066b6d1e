import HandshakeIcon from '@mui/icons-material/Handshake';
import { PayeeList } from './PayeeList.tsx';
import { PayeeShow } from './PayeeShow.tsx';

/** The `payees` resource: every owner's split payees, their invites, earned and held (docs/splits.md). */
export default { list: PayeeList, show: PayeeShow, icon: HandshakeIcon, recordRepresentation: 'email' };
