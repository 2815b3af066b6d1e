import PaymentsIcon from '@mui/icons-material/Payments';
import { PayoutList } from './PayoutList.tsx';

/** The `withdrawal-requests` resource, called Payouts in the menu (SPEC §2). */
export default { list: PayoutList, icon: PaymentsIcon, recordRepresentation: 'amount' };
