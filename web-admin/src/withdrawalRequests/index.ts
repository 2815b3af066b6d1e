import PaymentsIcon from '@mui/icons-material/Payments';
import { WithdrawalRequestList } from './WithdrawalRequestList.tsx';

/** The `withdrawal-requests` resource, called Payouts in the menu (SPEC §2). */
export default { list: WithdrawalRequestList, icon: PaymentsIcon, recordRepresentation: 'amount' };
